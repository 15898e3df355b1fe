import { describe, expect, it } from 'vitest';
import { element, ITEMS_PER_TURN, writeInTurns, xmlText } from './xml';

describe('xmlText', () => {
  it('escapes the five markup characters', () => {
    expect(xmlText(`Tál & <fedő> "nagy" 'kerek'`)).toBe(
      'Tál &amp; &lt;fedő&gt; &quot;nagy&quot; &apos;kerek&apos;',
    );
  });

  it('drops NUL and the other characters XML 1.0 forbids, and keeps tabs, newlines and emoji', () => {
    expect(xmlText('a\u0000b\u0008c\u000bd\u000ce\u001ff\uffff')).toBe('abcdef');
    expect(xmlText('sor\tegy\nsor\rkettő 🍵')).toBe('sor\tegy\nsor\rkettő 🍵');
    expect(xmlText('fél \ud83c pár \udf75')).toBe('fél  pár ');
  });

  it('leaves out an element without a value', () => {
    expect(element('g:gtin', null)).toBe('');
    expect(element('g:gtin', '')).toBe('');
    expect(element('price', 0)).toBe('<price>0</price>');
  });
});

describe('writeInTurns', () => {
  it('writes every item in order and lets other work run between its slices', async () => {
    const items = Array.from({ length: ITEMS_PER_TURN * 2 + 5 }, (_, index) => index);
    let otherWorkRan = false;
    setImmediate(() => {
      otherWorkRan = true;
    });
    const written = await writeInTurns(items, (item) => {
      // The first slice is written before the other work gets its turn, the last after it.
      if (item === 0) expect(otherWorkRan).toBe(false);
      if (item === items.length - 1) expect(otherWorkRan).toBe(true);
      return `<i>${item}</i>`;
    });
    expect(written).toHaveLength(items.length);
    expect(written[items.length - 1]).toBe(`<i>${items.length - 1}</i>`);
  });
});
