import { orderFeeVatClass, shippingFeeFor, vatContentOf } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { orderTotals } from './checkout-totals';

describe('checkout totals', () => {
  it('ships free from the threshold on, never when there is none', () => {
    const gls = { fee: 1990, freeAbove: 20_000 };
    expect(shippingFeeFor(gls, 19_999)).toBe(1990);
    expect(shippingFeeFor(gls, 20_000)).toBe(0);
    expect(shippingFeeFor({ fee: 1290, freeAbove: null }, 1_000_000)).toBe(1290);
  });

  it('rounds cash on delivery to 0 or 5 Ft, and takes each fee’s VAT at 27 % on its own, as the invoice does', () => {
    // 12 993 + 1 990 + 490 = 15 473 → 15 475 in cash.
    const totals = orderTotals({
      itemsTotal: 12_993,
      itemsVat: 2762,
      shippingFee: 1990,
      payment: { fee: 490, provider: 'cash_on_delivery' },
      feeVatClass: '27',
    });
    expect(totals).toEqual({
      itemsTotal: 12_993,
      shippingFee: 1990,
      paymentFee: 490,
      rounding: 2,
      total: 15_475,
      vatContent: 2762 + vatContentOf(1990, 27) + vatContentOf(490, 27) + vatContentOf(2, 27),
    });
    // Taken of the fees' sum it would be 528: a forint more than the invoice's shipping and fee lines.
    expect(vatContentOf(1990, 27) + vatContentOf(490, 27) + vatContentOf(2, 27)).toBe(527);
  });

  it('leaves card and transfer totals to the forint', () => {
    const card = orderTotals({
      itemsTotal: 12_993,
      itemsVat: 2762,
      shippingFee: 0,
      payment: { fee: 0, provider: 'barion' },
      feeVatClass: '27',
    });
    expect(card.total).toBe(12_993);
    expect(card.rounding).toBe(0);
    expect(card.vatContent).toBe(2762);
  });

  it('charges no VAT on the fees of an alanyi adómentes shop, whose lines are all AAM', () => {
    const exempt = orderTotals({
      itemsTotal: 12_993,
      itemsVat: 0,
      shippingFee: 1990,
      payment: { fee: 490, provider: 'cash_on_delivery' },
      feeVatClass: orderFeeVatClass(['AAM', 'AAM']),
    });
    expect(exempt.total).toBe(15_475);
    expect(exempt.vatContent).toBe(0);
    expect(orderFeeVatClass(['27', 'AAM'])).toBe('27');
  });

  it('computes VAT content as gross × rate / (100 + rate), to the forint', () => {
    expect(vatContentOf(12_700, 27)).toBe(2700);
    expect(vatContentOf(1050, 5)).toBe(50);
    expect(vatContentOf(1000, 0)).toBe(0);
  });
});
