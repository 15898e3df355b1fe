import { spokenPrice } from '@shop/ui';
import { describe, expect, it } from 'vitest';
import { freeShippingHint } from './free-shipping';

const NBSP = '\u00a0';
const gls = { methodId: 1, name: 'GLS házhozszállítás', pickupCarrier: null, fee: 1990, freeAbove: 20_000 };

describe('freeShippingHint', () => {
  it('says how much more buys free shipping, in forints as the shop writes them', () => {
    expect(freeShippingHint({ ...gls, remainingForFree: 3510 })).toBe(
      `Még 3${NBSP}510${NBSP}Ft és ingyenes a szállítás`,
    );
  });

  it('says the amount in forints for a screen reader', () => {
    expect(freeShippingHint({ ...gls, remainingForFree: 3510 }, spokenPrice)).toBe(
      'Még 3510 forint és ingyenes a szállítás',
    );
  });

  it('says shipping is free once the threshold is reached', () => {
    expect(freeShippingHint({ ...gls, fee: 0, remainingForFree: 0 })).toBe('Ingyenes a szállítás');
  });

  it('says nothing when no method ships free, or none ships at all', () => {
    expect(freeShippingHint({ ...gls, freeAbove: null, remainingForFree: null })).toBeNull();
    expect(freeShippingHint(null)).toBeNull();
  });
});
