import { describe, expect, it } from 'vitest';
import { reductionPercent } from './reduction';

describe('the "-X %" of a reduced price', () => {
  it('is reckoned from the 30-day lowest price and rounded down', () => {
    expect(reductionPercent(1500, 2000)).toBe(25);
    // 3 990 against 4 990 is 20.04 %: shown as 20, never 21.
    expect(reductionPercent(3990, 4990)).toBe(20);
  });

  it('is not shown where the 30 days’ history supports no reduction', () => {
    expect(reductionPercent(1500, 1500)).toBeNull();
    expect(reductionPercent(1500, 1400)).toBeNull();
    expect(reductionPercent(1500, null)).toBeNull();
    expect(reductionPercent(1999, 2000)).toBeNull();
  });
});
