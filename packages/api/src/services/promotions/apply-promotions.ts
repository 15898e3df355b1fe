import { formatForint } from '../email/format';
import { distribute } from './distribute';
import { type CouponRule, type DiscountableLine, isRunning, type PromotionRule, targets } from './rules';

/** What the engine knows of the shopper and the cart besides the lines. */
export type PromotionContext = {
  now: Date;
  signedIn: boolean;
  groupId: number | null;
  /** Null while it is not known: a guest names an e-mail only in the checkout (the order checks again). */
  firstOrder: boolean | null;
  /** This customer's orders so far per promotion, for the promotions limited per customer. */
  customerUses: ReadonlyMap<number, number>;
  /**
   * The shipping fee a free-shipping promotion waives, at the items' gross after their discounts (a
   * method's own free-shipping threshold is measured on what is paid); null when no method is chosen
   * or estimated.
   */
  shippingFee: (itemsAfterDiscount: number) => number | null;
  /**
   * A gift promotion's product as it can be given now: its price for one piece and its name, or null
   * when it cannot (not sold, sold in variants, out of stock): the promotion then gives nothing.
   */
  gift: (productId: number) => { price: number; title: string } | null;
};

export type AppliedDiscount = {
  promotionId: number;
  couponCodeId: number | null;
  code: string | null;
  label: string;
  /** Forints off: the lines' shares added up, or the waived shipping fee. */
  amount: number;
  shipping: boolean;
  /** A gift promotion's product, whose one piece is the amount; null for the others. */
  giftProductId: number | null;
  /**
   * Which counters the order moves (write-order.ts): the promotion's in total and the customer's only
   * under a limit (an unlimited rule on every order must not be one row every order waits for), a
   * code's always (it is redeemed by few, and the admin reads its uses).
   */
  limits: { total: boolean; code: boolean; perCustomer: boolean };
};

/** The typed code's fate: applied, or refused with the reason the shopper reads. */
export type CouponState = { code: string; applied: boolean; message: string | null };

export type PromotionOutcome = {
  /** Per line, in the order given: forints off its lineTotal. */
  lineDiscounts: number[];
  discounts: AppliedDiscount[];
  /** The lines' discounts and the gifts added up (the shipping waiver not included). */
  itemsDiscount: number;
  /** One free piece per gift promotion that applies: the caller adds it as its own line. */
  gifts: { promotionId: number; productId: number; price: number }[];
  shippingWaived: boolean;
  coupon: CouponState | null;
  /** "Még 3 010 Ft, és 10 % kedvezmény jár": automatic rules the cart is short of. */
  hints: string[];
};

export const COUPON_UNKNOWN = 'Nincs ilyen kuponkód.';
export const COUPON_EXPIRED = 'A kuponkód lejárt.';
export const COUPON_NOT_YET = 'Ez a kuponkód még nem érvényes.';
export const COUPON_PAUSED = 'Ez a kuponkód most nem érvényes.';
export const COUPON_USED_UP = 'Ez a kuponkód már elfogyott.';
export const COUPON_USED_BY_YOU = 'Ezt a kuponkódot már felhasználtad.';
export const COUPON_FIRST_ORDER = 'Ez a kuponkód csak az első rendelésre érvényes.';
export const COUPON_GROUP = 'Ez a kuponkód nem érvényes a fiókodra.';
export const COUPON_SIGN_IN = 'Ez a kuponkód csak bejelentkezve használható.';
export const COUPON_NO_LINES = 'A kosárban nincs olyan termék, amelyre ez a kuponkód érvényes.';
export const COUPON_LESS_THAN_RULES =
  'Ez a kuponkód nem vonható össze a kosár akciójával, és az most több kedvezményt ad.';
export const COUPON_GIFT_GONE = 'Ennek a kuponkódnak az ajándéka most nem kapható.';
export const couponMinimum = (minimum: number) => `A kosár értéke legalább ${formatForint(minimum)} legyen.`;

type Refusal = { message: string; short: number | null };

/** Why a rule does not apply to this shopper and cart now; null when it does. */
function refusal(rule: PromotionRule, subtotal: number, context: PromotionContext): Refusal | null {
  const refuse = (message: string): Refusal => ({ message, short: null });
  if (rule.paused) return refuse(COUPON_PAUSED);
  if (rule.startsAt && rule.startsAt > context.now) return refuse(COUPON_NOT_YET);
  if (rule.endsAt && rule.endsAt <= context.now) return refuse(COUPON_EXPIRED);
  if (rule.usageLimit !== null && rule.uses >= rule.usageLimit) return refuse(COUPON_USED_UP);
  if (rule.customerGroupIds.length > 0) {
    if (!context.signedIn) return refuse(COUPON_SIGN_IN);
    if (context.groupId === null || !rule.customerGroupIds.includes(context.groupId))
      return refuse(COUPON_GROUP);
  }
  if (rule.firstOrderOnly && context.firstOrder === false) return refuse(COUPON_FIRST_ORDER);
  if (rule.perCustomerLimit !== null && (context.customerUses.get(rule.id) ?? 0) >= rule.perCustomerLimit) {
    return refuse(COUPON_USED_BY_YOU);
  }
  if (rule.minCartValue !== null && subtotal < rule.minCartValue) {
    return { message: couponMinimum(rule.minCartValue), short: rule.minCartValue - subtotal };
  }
  return null;
}

function benefit(rule: PromotionRule, context: PromotionContext): string {
  switch (rule.kind) {
    case 'gift': {
      const gift = rule.giftProductId === null ? null : context.gift(rule.giftProductId);
      return gift ? `ajándék ${gift.title}` : 'ajándék';
    }
    case 'percent':
      return `${rule.value} % kedvezmény`;
    case 'amount':
      return `${formatForint(rule.value)} kedvezmény`;
    case 'free_shipping':
      return 'ingyenes szállítás';
    case 'second_half':
      return 'a második darab féláron';
  }
}

type Applied = { rule: PromotionRule; coupon: CouponRule | null };
type Evaluation = Omit<PromotionOutcome, 'coupon' | 'hints'> & { total: number; couponAmount: number };

/**
 * Applies the rules one after another, each to what the earlier ones left of its lines: a percent of
 * their gross, or forints, spread in proportion to their gross (distribute.ts); every second piece at
 * half its unit price (rounded to the forint); or the shipping fee waived, once.
 */
function evaluate(
  lines: readonly DiscountableLine[],
  applied: readonly Applied[],
  context: PromotionContext,
): Evaluation {
  const remaining = lines.map((line) => line.lineTotal);
  const lineDiscounts = lines.map(() => 0);
  const discounts: AppliedDiscount[] = [];
  const gifts: PromotionOutcome['gifts'] = [];
  let waiver: AppliedDiscount | null = null;
  let couponAmount = 0;
  for (const { rule, coupon } of applied) {
    const eligible = lines.flatMap((line, index) =>
      targets(rule, line) && remaining[index]! > 0 ? [index] : [],
    );
    const base = eligible.reduce((sum, index) => sum + remaining[index]!, 0);
    let shares: number[] = [];
    let shipping = false;
    let amount = 0;
    if (rule.kind === 'gift') {
      // Given when the cart holds what the rule targets (any line when it names none), one piece each.
      const gift =
        rule.giftProductId === null || eligible.length === 0 ? null : context.gift(rule.giftProductId);
      if (gift && rule.giftProductId !== null) {
        amount = gift.price;
        gifts.push({ promotionId: rule.id, productId: rule.giftProductId, price: gift.price });
      }
    } else if (rule.kind === 'free_shipping') {
      // Its amount is known once every rule has taken its share off the items (below).
      shipping = waiver === null;
    } else if (rule.kind === 'second_half') {
      shares = eligible.map((index) =>
        Math.min(
          remaining[index]!,
          Math.floor(lines[index]!.quantity / 2) * Math.round(lines[index]!.unitPrice / 2),
        ),
      );
    } else {
      const wanted = rule.kind === 'percent' ? Math.round((base * rule.value) / 100) : rule.value;
      shares = distribute(
        Math.min(wanted, base),
        eligible.map((index) => remaining[index]!),
      );
    }
    eligible.forEach((index, position) => {
      const share = shares[position] ?? 0;
      remaining[index]! -= share;
      lineDiscounts[index]! += share;
      amount += share;
    });
    if (coupon) couponAmount = amount;
    if (amount === 0 && !coupon && !shipping) continue;
    const discount: AppliedDiscount = {
      promotionId: rule.id,
      couponCodeId: coupon?.id ?? null,
      code: coupon?.code ?? null,
      label: rule.name,
      amount,
      shipping,
      giftProductId: rule.kind === 'gift' && amount > 0 ? rule.giftProductId : null,
      limits: {
        total: rule.usageLimit !== null,
        code: coupon !== null,
        perCustomer: rule.perCustomerLimit !== null,
      },
    };
    if (shipping) waiver = discount;
    discounts.push(discount);
  }
  const linesDiscount = lineDiscounts.reduce((sum, share) => sum + share, 0);
  const itemsDiscount = linesDiscount + gifts.reduce((sum, gift) => sum + gift.price, 0);
  if (waiver) {
    // The fee at what is paid for the items: a gift costs nothing, so it neither adds nor takes away.
    const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
    waiver.amount = context.shippingFee(subtotal - linesDiscount) ?? 0;
    if (waiver.couponCodeId !== null) couponAmount = waiver.amount;
  }
  // A rule that found nothing to take off (a waiver of a fee that is already 0) is not a discount line.
  const shown = discounts.filter((discount) => discount.amount > 0 || discount.couponCodeId !== null);
  const total = shown.reduce((sum, discount) => sum + discount.amount, 0);
  return {
    lineDiscounts,
    discounts: shown,
    itemsDiscount,
    gifts,
    shippingWaived: waiver !== null,
    total,
    couponAmount,
  };
}

/**
 * The discounts of a cart. Every automatic rule that applies does, in id order. A typed code applies
 * after them; when it does not combine with a rule (either side says no), the shopper gets whichever
 * gives more, and a code that gives less is refused with the reason. Minimums are on the gross of
 * the orderable lines before any discount.
 */
export function applyPromotions(
  lines: readonly DiscountableLine[],
  automatic: readonly PromotionRule[],
  typed: { code: string; found: CouponRule | null } | null,
  context: PromotionContext,
): PromotionOutcome {
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const hints: string[] = [];
  const rules: PromotionRule[] = [];
  for (const rule of automatic) {
    if (!isRunning(rule, context.now)) continue;
    const refused = refusal(rule, subtotal, context);
    if (!refused) rules.push(rule);
    else if (
      refused.short !== null &&
      (rule.kind === 'free_shipping' || lines.some((line) => targets(rule, line)))
    ) {
      // Only a rule with something in the cart to take off: "15 % a konyhatextilre" means nothing without one.
      hints.push(`Még ${formatForint(refused.short)}, és ${benefit(rule, context)} jár`);
    }
  }
  const plain = evaluate(
    lines,
    rules.map((rule) => ({ rule, coupon: null })),
    context,
  );
  const outcome = (evaluation: Evaluation, coupon: CouponState | null): PromotionOutcome => ({
    lineDiscounts: evaluation.lineDiscounts,
    discounts: evaluation.discounts,
    itemsDiscount: evaluation.itemsDiscount,
    gifts: evaluation.gifts,
    shippingWaived: evaluation.shippingWaived,
    coupon,
    hints,
  });
  if (!typed) return outcome(plain, null);
  const refuse = (message: string) => outcome(plain, { code: typed.code, applied: false, message });
  const coupon = typed.found;
  if (!coupon || coupon.promotion.automatic) return refuse(COUPON_UNKNOWN);
  if (coupon.usageLimit !== null && coupon.uses >= coupon.usageLimit) return refuse(COUPON_USED_UP);
  const refused = refusal(coupon.promotion, subtotal, context);
  if (refused) return refuse(refused.message);
  const companions = coupon.promotion.combines ? rules.filter((rule) => rule.combines) : [];
  const withCode = evaluate(
    lines,
    [...companions.map((rule) => ({ rule, coupon: null })), { rule: coupon.promotion, coupon }],
    context,
  );
  if (coupon.promotion.kind === 'gift' && withCode.couponAmount === 0) {
    const targeted = lines.some((line) => targets(coupon.promotion, line));
    return refuse(targeted ? COUPON_GIFT_GONE : COUPON_NO_LINES);
  }
  if (coupon.promotion.kind !== 'free_shipping' && withCode.couponAmount === 0)
    return refuse(COUPON_NO_LINES);
  if (withCode.total < plain.total) return refuse(COUPON_LESS_THAN_RULES);
  return outcome(withCode, { code: coupon.code, applied: true, message: null });
}
