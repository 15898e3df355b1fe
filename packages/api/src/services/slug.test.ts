import { describe, expect, it } from 'vitest';
import { firstFreeSlug, slugify } from './slug';

describe('slugify', () => {
  it('strips every Hungarian accent', () => {
    expect(slugify('Árvíztűrő tükörfúrógép')).toBe('arvizturo-tukorfurogep');
    expect(slugify('ÁRVÍZTŰRŐ TÜKÖRFÚRÓGÉP')).toBe('arvizturo-tukorfurogep');
  });

  it('turns every other character run into one dash and trims dashes', () => {
    expect(slugify('  Kávé & tea — 2 in 1!  ')).toBe('kave-tea-2-in-1');
    expect(slugify('!!!')).toBe('');
  });

  it('leaves room for a numeric suffix within 200 characters', () => {
    expect(slugify('a'.repeat(500)).length).toBeLessThanOrEqual(190);
  });
});

describe('firstFreeSlug', () => {
  it('answers the base or the first free numbered variant', () => {
    expect(firstFreeSlug('bogre', [])).toBe('bogre');
    expect(firstFreeSlug('bogre', ['bogre', 'bogre-2', 'bogre-keszlet'])).toBe('bogre-3');
  });
});
