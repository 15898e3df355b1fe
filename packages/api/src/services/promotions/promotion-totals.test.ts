import { describe, expect, it } from 'vitest';
import { roundCash, type TOrder, type TVatClass, vatPercentOf } from '../../schemas';
import { seededRandom as random } from '../../testing/seeded-random';
import { invoiceLines } from '../invoicing/invoice-lines';
import { vatBreakdown } from '../orders/order-dto';
import { barionItems } from '../payments/barion-payment';
import { applyPromotions } from './apply-promotions';
import { distribute } from './distribute';
import type { DiscountableLine, PromotionRule } from './rules';

const CLASSES: readonly TVatClass[] = ['27', '18', '5', 'TAM'];
/** The product gift rules give; each cart draws its price, VAT class and whether it is in stock. */
const GIFT_ID = 999;

function rule(id: number, fields: Partial<PromotionRule> & Pick<PromotionRule, 'kind'>): PromotionRule {
  return {
    id,
    name: `Akció ${id}`,
    automatic: true,
    value: 0,
    giftProductId: null,
    minCartValue: null,
    categoryIds: new Set(),
    productIds: new Set(),
    propertyValueIds: new Set(),
    customerGroupIds: [],
    firstOrderOnly: false,
    combines: true,
    startsAt: null,
    endsAt: null,
    paused: false,
    usageLimit: null,
    uses: 0,
    perCustomerLimit: null,
    ...fields,
  };
}

function randomRule(
  rng: ReturnType<typeof random>,
  id: number,
  productIds: readonly number[],
): PromotionRule {
  const kind = rng.pick(['percent', 'amount', 'free_shipping', 'second_half', 'gift'] as const);
  const targeted = rng.next() < 0.4;
  return rule(id, {
    kind,
    value: kind === 'percent' ? rng.int(1, 100) : kind === 'amount' ? rng.int(1, 60_000) : 0,
    giftProductId: kind === 'gift' ? GIFT_ID : null,
    productIds: new Set(targeted ? productIds.filter(() => rng.next() < 0.5) : []),
    combines: rng.next() < 0.7,
    minCartValue: rng.next() < 0.3 ? rng.int(1000, 50_000) : null,
  });
}

describe('discounts to the forint', () => {
  it('spreads any amount over any weights exactly, each share within a forint of its exact share', () => {
    const rng = random(7);
    for (let run = 0; run < 10_000; run++) {
      const weights = Array.from({ length: rng.int(1, 12) }, () => rng.int(1, 5_000_000));
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      const amount = rng.int(0, total);
      const shares = distribute(amount, weights);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
      shares.forEach((share, index) => {
        const exact = (amount * weights[index]!) / total;
        expect(Math.abs(share - exact)).toBeLessThan(1);
        expect(share).toBeLessThanOrEqual(weights[index]!);
      });
    }
  });

  it('over 10 000 random carts: lines, order total, invoice, Barion amount and VAT per rate agree', () => {
    const rng = random(2025);
    for (let run = 0; run < 10_000; run++) {
      const lineCount = rng.int(1, 8);
      const lines: (DiscountableLine & { vatClass: TVatClass })[] = Array.from(
        { length: lineCount },
        (_, index) => {
          const unitPrice = rng.int(1, 200_000);
          const quantity = rng.int(1, 20);
          return {
            productId: index + 1,
            categoryIds: [],
            valueIds: [],
            unitPrice,
            quantity,
            lineTotal: unitPrice * quantity,
            quoted: false,
            vatClass: rng.pick(CLASSES),
          };
        },
      );
      const ids = lines.map((line) => line.productId);
      const automatic = Array.from({ length: rng.int(0, 3) }, (_, index) => randomRule(rng, index + 1, ids));
      const code = rng.next() < 0.6 ? { ...randomRule(rng, 100, ids), automatic: false } : null;
      const baseFee = rng.pick([0, 990, 1290, 1990]);
      const gift = { price: rng.int(1, 30_000), title: 'Ajándék bögre', vatClass: rng.pick(CLASSES) };
      const giftInStock = rng.next() < 0.8;
      const shippingFee = (items: number) => (items >= 20_000 ? 0 : baseFee);
      const outcome = applyPromotions(
        lines,
        automatic,
        code
          ? { code: 'KOD', found: { id: 1, code: 'KOD', usageLimit: null, uses: 0, promotion: code } }
          : null,
        {
          now: new Date(),
          signedIn: false,
          groupId: null,
          firstOrder: null,
          customerUses: new Map(),
          shippingFee,
          gift: (productId) => (productId === GIFT_ID && giftInStock ? gift : null),
        },
      );
      const context = `seed 2025, cart ${run}`;

      const orderLines = lines.map((line, index) => {
        const discount = outcome.lineDiscounts[index]!;
        expect(discount, context).toBeGreaterThanOrEqual(0);
        expect(discount, context).toBeLessThanOrEqual(line.lineTotal);
        return {
          id: index + 1,
          product: line.productId,
          variant: null,
          title: `Termék ${index + 1}`,
          productTitle: `Termék ${index + 1}`,
          kutiId: null,
          unit: 'db',
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          lineTotal: line.lineTotal - discount,
          discount,
          gift: false,
          vatClass: line.vatClass,
          vatRate: vatPercentOf(line.vatClass),
        };
      });
      // Each gift is a line of its own whose discount is its whole price (price-cart.ts, place-order.ts).
      const giftLines = outcome.gifts.map((given, index) => ({
        id: lines.length + index + 1,
        product: given.productId,
        variant: null,
        title: gift.title,
        productTitle: gift.title,
        kutiId: null,
        unit: 'db',
        quantity: 1,
        unitPrice: given.price,
        lineTotal: 0,
        discount: given.price,
        gift: true,
        vatClass: gift.vatClass,
        vatRate: vatPercentOf(gift.vatClass),
      }));
      orderLines.push(...giftLines);
      const itemsDiscount = outcome.discounts
        .filter((d) => !d.shipping)
        .reduce((sum, d) => sum + d.amount, 0);
      expect(itemsDiscount, context).toBe(outcome.itemsDiscount);
      const itemsTotal = orderLines.reduce((sum, line) => sum + line.lineTotal, 0);
      const subtotal =
        lines.reduce((sum, line) => sum + line.lineTotal, 0) +
        giftLines.reduce((sum, line) => sum + line.unitPrice, 0);
      expect(itemsTotal, context).toBe(subtotal - outcome.itemsDiscount);

      // A waiver shows the fee the items paid for would have cost, a gift in the cart or not.
      const waiver = outcome.discounts.find((d) => d.shipping);
      if (waiver) expect(waiver.amount, context).toBe(shippingFee(itemsTotal));
      const shipping = outcome.shippingWaived ? 0 : shippingFee(itemsTotal);
      const paymentFee = rng.pick([0, 490]);
      const cash = rng.next() < 0.5;
      const exact = itemsTotal + shipping + paymentFee;
      const grandTotal = cash ? roundCash(exact) : exact;
      const rounding = grandTotal - exact;

      const invoice = invoiceLines({
        lines: orderLines,
        shippingFee: shipping,
        shippingMethodName: 'GLS futár',
        paymentFee,
        paymentMethodName: 'Utánvét',
      });
      expect(invoice.reduce((sum, line) => sum + line.gross, 0) + rounding, context).toBe(grandTotal);
      for (const line of invoice) expect(line.net + line.vatAmount, context).toBe(line.gross);

      const order: Pick<TOrder, 'lines' | 'shippingMethod' | 'paymentMethod' | 'rounding'> = {
        lines: orderLines,
        shippingMethod: { id: 1, name: 'GLS futár', fee: shipping, deliveryTime: null },
        paymentMethod: { id: 1, name: 'Utánvét', provider: 'cash_on_delivery', fee: paymentFee },
        rounding,
      };
      const items = barionItems(order);
      expect(
        items.reduce((sum, item) => sum + item.ItemTotal, 0),
        context,
      ).toBe(grandTotal);
      expect(
        items.every((item) => Number.isInteger(item.ItemTotal)),
        context,
      ).toBe(true);

      const vatOfInvoice = new Map<string, number>();
      for (const line of invoice)
        vatOfInvoice.set(line.vat, (vatOfInvoice.get(line.vat) ?? 0) + line.vatAmount);
      const vatOfOrder = vatBreakdown(orderLines, [shipping, paymentFee, rounding]);
      // A rate that carries no VAT (a cash rounding of 2 Ft, a TAM line) may show on one side as 0 Ft.
      const nonZero = (entries: Iterable<[string, number]>) =>
        Object.fromEntries([...entries].filter(([, vat]) => vat !== 0));
      expect(nonZero(vatOfOrder.map((rate) => [rate.vatClass, rate.vat])), context).toEqual(
        nonZero(vatOfInvoice),
      );
    }
  });
});
