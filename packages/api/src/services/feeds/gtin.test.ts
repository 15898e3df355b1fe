import { describe, expect, it } from 'vitest';
import { isValidGtin } from './gtin';

describe('isValidGtin', () => {
  it('accepts real GS1 numbers of every length', () => {
    expect(isValidGtin('96385074')).toBe(true); // EAN-8
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('5901234123457')).toBe(true); // EAN-13
    expect(isValidGtin('10012345678902')).toBe(true); // GTIN-14
  });

  it('refuses a wrong check digit, a wrong length and non-digits', () => {
    expect(isValidGtin('5901234123458')).toBe(false);
    expect(isValidGtin('590123412345')).toBe(false);
    expect(isValidGtin('59012341234a7')).toBe(false);
    expect(isValidGtin('')).toBe(false);
  });
});
