import { describe, expect, it } from 'vitest';
import {
  effectiveVatClass,
  feeVatClass,
  lineVat,
  orderFeeVatClass,
  VAT_CLASSES,
  vatClassLabel,
  vatClassOfPercent,
  vatPercentOf,
  ZVatClass,
} from './vat';

describe('VAT classes', () => {
  it('charges 27, 18 and 5 per cent, and nothing for TAM and AAM', () => {
    expect(VAT_CLASSES.map(vatPercentOf)).toEqual([27, 18, 5, 0, 0]);
    expect(VAT_CLASSES.map(vatClassLabel)).toEqual([
      '27 %',
      '18 %',
      '5 %',
      'Tárgyi adómentes (TAM)',
      'Alanyi adómentes (AAM)',
    ]);
  });

  it('sells everything as AAM, fees too, when the shop is alanyi adómentes', () => {
    expect(effectiveVatClass('5', true)).toBe('AAM');
    expect(effectiveVatClass('TAM', true)).toBe('AAM');
    expect(lineVat('27', true)).toEqual({ vatClass: 'AAM', vatRate: 0 });
    expect(feeVatClass(true)).toBe('AAM');
  });

  it('keeps the product’s class otherwise, with shipping and fees at 27 %', () => {
    expect(lineVat('18', false)).toEqual({ vatClass: '18', vatRate: 18 });
    expect(lineVat('TAM', false)).toEqual({ vatClass: 'TAM', vatRate: 0 });
    expect(feeVatClass(false)).toBe('27');
  });

  it('gives a placed order AAM fees exactly when all its lines are AAM', () => {
    expect(orderFeeVatClass(['AAM', 'AAM'])).toBe('AAM');
    expect(orderFeeVatClass(['AAM', 'TAM'])).toBe('27');
    expect(orderFeeVatClass(['5'])).toBe('27');
    expect(orderFeeVatClass([])).toBe('27');
  });

  it('maps an integrator’s old percent to its class, but not the ambiguous 0', () => {
    expect([27, 18, 5, 0].map(vatClassOfPercent)).toEqual(['27', '18', '5', null]);
  });

  it('refuses an unknown class in Hungarian', () => {
    const result = ZVatClass.safeParse('0');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/„TAM” \(tárgyi adómentes\)/);
  });
});
