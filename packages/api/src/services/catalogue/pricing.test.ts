import { describe, expect, it } from 'vitest';
import {
  applyDiscount,
  GUEST,
  isHiddenFor,
  nextSaleBoundary,
  type ProductPriceData,
  priceBands,
  type Shopper,
  unitPriceFor,
} from './pricing';

const mug: ProductPriceData = {
  id: 1,
  grossPrice: 1290,
  tiers: [
    { minQuantity: 10, grossPrice: 1090 },
    { minQuantity: 50, grossPrice: 990 },
  ],
  groupPrices: new Map([
    [2, { grossPrice: 1190, hidden: false }],
    [3, { grossPrice: null, hidden: true }],
  ]),
};

const shopper = (overrides: Partial<Shopper>): Shopper => ({ ...GUEST, userId: 7, ...overrides });

describe('pricing', () => {
  it('rounds a percent discount half up to the whole forint', () => {
    expect(applyDiscount(1290, 5)).toBe(1226); // 1225.5
    expect(applyDiscount(1290, 15)).toBe(1097); // 1096.5
    expect(applyDiscount(1234, 15)).toBe(1049); // 1048.9
    expect(applyDiscount(1001, 10)).toBe(901); // 900.9
    expect(applyDiscount(999, 0)).toBe(999);
    expect(applyDiscount(999, 100)).toBe(0);
  });

  it('charges the tier price from its minimum quantity on', () => {
    expect(unitPriceFor(mug, GUEST, 1)).toBe(1290);
    expect(unitPriceFor(mug, GUEST, 9)).toBe(1290);
    expect(unitPriceFor(mug, GUEST, 10)).toBe(1090);
    expect(unitPriceFor(mug, GUEST, 50)).toBe(990);
  });

  it('prefers the customer price to the group price to the group discount', () => {
    const reseller = shopper({ groupId: 9, discountPercent: 15 });
    expect(unitPriceFor(mug, reseller, 1)).toBe(1097);
    const regular = shopper({ groupId: 2, discountPercent: 5 });
    expect(unitPriceFor(mug, regular, 1)).toBe(1190);
    const special = shopper({
      groupId: 2,
      discountPercent: 5,
      customerPrices: new Map([[1, { grossPrice: 1150, hidden: false }]]),
    });
    expect(unitPriceFor(mug, special, 1)).toBe(1150);
  });

  it('never charges a customer more than a guest buying the same quantity', () => {
    const regular = shopper({ groupId: 2, discountPercent: 5 });
    expect(unitPriceFor(mug, regular, 10)).toBe(1090);
    const special = shopper({ customerPrices: new Map([[1, { grossPrice: 1000, hidden: false }]]) });
    expect(unitPriceFor(mug, special, 10)).toBe(1000);
    expect(unitPriceFor(mug, special, 50)).toBe(990);
  });

  it('builds the tier table the shopper pays, merging equal bands', () => {
    expect(priceBands(mug, GUEST)).toEqual([
      { minQuantity: 1, maxQuantity: 9, unitPrice: 1290 },
      { minQuantity: 10, maxQuantity: 49, unitPrice: 1090 },
      { minQuantity: 50, maxQuantity: null, unitPrice: 990 },
    ]);
    const special = shopper({ customerPrices: new Map([[1, { grossPrice: 1000, hidden: false }]]) });
    expect(priceBands(mug, special)).toEqual([
      { minQuantity: 1, maxQuantity: 49, unitPrice: 1000 },
      { minQuantity: 50, maxQuantity: null, unitPrice: 990 },
    ]);
  });

  it('hides a product from its hidden group unless the customer row says otherwise', () => {
    expect(isHiddenFor(mug, GUEST)).toBe(false);
    expect(isHiddenFor(mug, shopper({ groupId: 3 }))).toBe(true);
    const unhidden = shopper({
      groupId: 3,
      customerPrices: new Map([[1, { grossPrice: null, hidden: false }]]),
    });
    expect(isHiddenFor(mug, unhidden)).toBe(false);
    const hiddenForOne = shopper({ customerPrices: new Map([[1, { grossPrice: null, hidden: true }]]) });
    expect(isHiddenFor(mug, hiddenForOne)).toBe(true);
  });

  it('pays a sale price from its start, inclusive, to its end, exclusive, and the lowest of it, a tier or a contract price', () => {
    const onSale: ProductPriceData = { ...mug, sale: { price: 1150, startsAt: 1000, endsAt: 2000 } };
    expect(unitPriceFor(onSale, GUEST, 1, 999)).toBe(1290);
    expect(unitPriceFor(onSale, GUEST, 1, 1000)).toBe(1150);
    expect(unitPriceFor(onSale, GUEST, 1, 1999)).toBe(1150);
    expect(unitPriceFor(onSale, GUEST, 1, 2000)).toBe(1290);
    // The tier of 10 (1 090) is below the sale price; the group's 1 190 is not.
    expect(unitPriceFor(onSale, GUEST, 10, 1500)).toBe(1090);
    expect(unitPriceFor(onSale, shopper({ groupId: 2 }), 1, 1500)).toBe(1150);
    // A group's percent is taken off the list price, not off the sale price: discounts do not stack.
    expect(unitPriceFor(onSale, shopper({ discountPercent: 5 }), 1, 1500)).toBe(1150);
    expect(unitPriceFor(onSale, shopper({ discountPercent: 20 }), 1, 1500)).toBe(1032);
    expect(nextSaleBoundary(onSale.sale, 500)).toBe(1000);
    expect(nextSaleBoundary(onSale.sale, 1000)).toBe(2000);
    expect(nextSaleBoundary(onSale.sale, 2000)).toBeNull();
  });

  it('leaves a sale edge open when it is null', () => {
    const open: ProductPriceData = { ...mug, sale: { price: 1150, startsAt: null, endsAt: null } };
    expect(unitPriceFor(open, GUEST, 1, 0)).toBe(1150);
    expect(nextSaleBoundary(open.sale, 0)).toBeNull();
  });
});
