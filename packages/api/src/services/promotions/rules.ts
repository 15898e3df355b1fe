import type { PromotionKind } from '@shop/db';

/**
 * A promotion as the engine reads it (promotion-cache.ts loads them): automatic rules from memory, a
 * coupon's promotion with its code from the database. Category targets already hold their subcategories.
 */
export type PromotionRule = {
  id: number;
  name: string;
  automatic: boolean;
  kind: PromotionKind;
  value: number;
  /** The product a gift promotion gives one piece of; null for the others (or a deleted gift). */
  giftProductId: number | null;
  minCartValue: number | null;
  categoryIds: ReadonlySet<number>;
  productIds: ReadonlySet<number>;
  propertyValueIds: ReadonlySet<number>;
  customerGroupIds: readonly number[];
  firstOrderOnly: boolean;
  combines: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  paused: boolean;
  usageLimit: number | null;
  uses: number;
  perCustomerLimit: number | null;
};

/** A coupon code the shopper typed, found with its promotion. */
export type CouponRule = {
  id: number;
  code: string;
  usageLimit: number | null;
  uses: number;
  promotion: PromotionRule;
};

/** A cart line as the engine sees it: what it is (for targets) and what it costs before discounts. */
export type DiscountableLine = {
  productId: number;
  categoryIds: readonly number[];
  /** The product's property values and the variant's option values. */
  valueIds: readonly number[];
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /**
   * Sold at a price agreed in a quote: no promotion takes anything off it (the price was negotiated
   * as final), though it counts toward the cart's value.
   */
  quoted: boolean;
};

/**
 * Whether a rule's targets take in the line; a rule without targets takes in every line but the quoted
 * ones.
 */
export function targets(rule: PromotionRule, line: DiscountableLine): boolean {
  if (line.quoted) return false;
  const open = rule.categoryIds.size === 0 && rule.productIds.size === 0 && rule.propertyValueIds.size === 0;
  return (
    open ||
    rule.productIds.has(line.productId) ||
    line.categoryIds.some((id) => rule.categoryIds.has(id)) ||
    line.valueIds.some((id) => rule.propertyValueIds.has(id))
  );
}

/** Running now: started, not ended, not paused. */
export function isRunning(rule: PromotionRule, now: Date): boolean {
  if (rule.paused) return false;
  if (rule.startsAt && rule.startsAt > now) return false;
  return !(rule.endsAt && rule.endsAt <= now);
}
