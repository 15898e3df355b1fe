import { describe, expect, it } from 'vitest';
import { compareFilterValues, metaDescriptionOf } from './text';

describe('the demo texts', () => {
  it('lists quantities of one kind by size, whatever their unit, and the rest by name', () => {
    expect(['0,3 l', '1 l', '0,8 dl', '0,75 l', '1 dl', '0,5 l'].sort(compareFilterValues)).toEqual([
      '0,8 dl',
      '1 dl',
      '0,3 l',
      '0,5 l',
      '0,75 l',
      '1 l',
    ]);
    expect(['piros', 'kék', '20×30 cm', '10×15 cm'].sort(compareFilterValues)).toEqual([
      '10×15 cm',
      '20×30 cm',
      'kék',
      'piros',
    ]);
  });

  it('cuts a meta description after a whole word, with no space at its end', () => {
    const long = `${'Kézzel festett kerámia bögre '.repeat(8)}vége`;
    const cut = metaDescriptionOf(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toBe(cut.trim());
    expect(long.startsWith(cut)).toBe(true);
    expect(long[cut.length]).toBe(' ');
    expect(metaDescriptionOf('Rövid  leírás ')).toBe('Rövid leírás');
  });
});
