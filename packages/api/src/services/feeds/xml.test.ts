import { describe, expect, it } from 'vitest';
import { element, xmlText } from './xml';

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
