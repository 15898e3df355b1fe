import { describe, expect, it } from 'vitest';
import { AskedOnce } from './asked-once';

describe('AskedOnce', () => {
  it('says a key was asked before from its second ask on', () => {
    const asked = new AskedOnce();
    expect(asked.askedBefore('filters\n{"priceMin":1}')).toBe(false);
    expect(asked.askedBefore('filters\n{"priceMin":2}')).toBe(false);
    expect(asked.askedBefore('filters\n{"priceMin":1}')).toBe(true);
    expect(asked.askedBefore('filters\n{"priceMin":1}')).toBe(true);
  });

  it('forgets a key once many others have taken the slots', () => {
    const asked = new AskedOnce(4);
    asked.askedBefore('első');
    for (let n = 0; n < 100; n++) asked.askedBefore(`más ${n}`);
    expect(asked.askedBefore('első')).toBe(false);
  });
});
