import { describe, expect, it } from 'vitest';
import { promotionCodeText, promotionUsesText, promotionValueText } from './promotion-text';

describe('promotion list texts', () => {
  it('says what each kind of discount is worth', () => {
    expect(promotionValueText({ kind: 'percent', value: 10 })).toBe('10\u00a0%');
    expect(promotionValueText({ kind: 'amount', value: 2000 })).toBe('2\u00a0000\u00a0Ft');
    expect(promotionValueText({ kind: 'free_shipping', value: 0 })).toBe('Ingyenes szállítás');
    expect(promotionValueText({ kind: 'second_half', value: 0 })).toBe('2. darab féláron');
    expect(promotionValueText({ kind: 'gift', value: 0 }, 'Ajándék bögre')).toBe('Ajándék: Ajándék bögre');
    // Before the gift product's name arrives the cell still says what kind of benefit it is.
    expect(promotionValueText({ kind: 'gift', value: 0 })).toBe('Ajándék termék');
  });

  it('shows a single code itself and many codes as a count', () => {
    const code = { code: 'DEMO10', usageLimit: null, uses: 0 };
    expect(promotionCodeText({ automatic: true, codeCount: 0, codes: [] })).toBe('Automatikus');
    expect(promotionCodeText({ automatic: false, codeCount: 1, codes: [code] })).toBe('DEMO10');
    expect(promotionCodeText({ automatic: false, codeCount: 1200, codes: [code] })).toBe('1\u00a0200 kód');
    expect(promotionCodeText({ automatic: false, codeCount: 0, codes: [] })).toBe('Nincs kódja');
  });

  it('puts the uses beside the limit only when there is one', () => {
    expect(promotionUsesText({ uses: 3, usageLimit: 100 })).toBe('3 / 100');
    expect(promotionUsesText({ uses: 3, usageLimit: null })).toBe('3');
  });
});
