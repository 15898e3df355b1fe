import { describe, expect, it } from 'vitest';
import { hungarianArticle, withArticle } from './hungarian';

const articles = (values: (string | number)[]) => values.map((value) => withArticle(value));

describe('the Hungarian definite article', () => {
  it('follows the first sound of a number read aloud, one to twenty', () => {
    expect(articles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual([
      'az 1',
      'a 2',
      'a 3',
      'a 4',
      'az 5',
      'a 6',
      'a 7',
      'a 8',
      'a 9',
      'a 10',
    ]);
    // tizenegy … tizenkilenc, húsz: never "egy" or "öt" first.
    for (let number = 11; number <= 20; number += 1) expect(hungarianArticle(number)).toBe('a');
  });

  it('takes "az" for the fifties, the five hundreds and every 1 leading a group of thousands', () => {
    expect(articles([13, 50, 55, 59, 60, 100, 101, 150, 500, 555, 599, 600])).toEqual([
      'a 13',
      'az 50',
      'az 55',
      'az 59',
      'a 60',
      'a 100',
      'a 101',
      'a 150',
      'az 500',
      'az 555',
      'az 599',
      'a 600',
    ]);
    expect(articles([1000, 1500, 1999, 2000, 5000, 10_000, 11_000, 50_000, 100_000, 500_000])).toEqual([
      'az 1000',
      'az 1500',
      'az 1999',
      'a 2000',
      'az 5000',
      'a 10000',
      'a 11000',
      'az 50000',
      'a 100000',
      'az 500000',
    ]);
    // egymillió, egymilliárd; kétmillió, tízmillió.
    expect(hungarianArticle(1_000_000)).toBe('az');
    expect(hungarianArticle(1_250_000_000)).toBe('az');
    expect(hungarianArticle(2_000_000)).toBe('a');
    expect(hungarianArticle(10_000_000)).toBe('a');
  });

  it('reads a number written with grouped thousands, in a longer text or after marks', () => {
    expect(hungarianArticle('1\u00a0200\u00a0Ft')).toBe('az');
    expect(hungarianArticle('1 200 Ft')).toBe('az');
    expect(hungarianArticle('1.200')).toBe('az');
    expect(hungarianArticle('12\u00a0990\u00a0Ft')).toBe('a');
    expect(hungarianArticle('5\u202f000')).toBe('az');
    // An order number is read from its year; a date from its year too.
    expect(hungarianArticle('2026-000123')).toBe('a');
    expect(hungarianArticle('2026. 11. 21.')).toBe('a');
    expect(hungarianArticle('„5 dl”')).toBe('az');
    expect(hungarianArticle('+36 1 234 5678')).toBe('a');
    expect(hungarianArticle('1,5 kg')).toBe('az');
    expect(hungarianArticle('15%')).toBe('a');
    // "nulla", "nulla-nulla-hét".
    expect(hungarianArticle(0)).toBe('a');
    expect(hungarianArticle('007')).toBe('a');
    // Not a thousands group: "5 db", the ordinal "1." before a word.
    expect(hungarianArticle('5 db')).toBe('az');
    expect(hungarianArticle('1. tétel')).toBe('az');
    expect(hungarianArticle('3. tétel')).toBe('a');
  });

  it('follows the first letter of a word, accents and case ignored', () => {
    expect(articles(['alma', 'Éva', 'író', 'ősz', 'Ügyfél', 'utca', 'Óbuda', 'ívelt', 'ár'])).toEqual([
      'az alma',
      'az Éva',
      'az író',
      'az ősz',
      'az Ügyfél',
      'az utca',
      'az Óbuda',
      'az ívelt',
      'az ár',
    ]);
    expect(articles(['Kék Bögre', 'szállítási', 'bögre', 'Foxpost', 'GLS'])).toEqual([
      'a Kék Bögre',
      'a szállítási',
      'a bögre',
      'a Foxpost',
      'a GLS',
    ]);
    expect(hungarianArticle('info@kekbogre.hu')).toBe('az');
  });

  it('reads an abbreviation in capitals letter by letter', () => {
    expect(articles(['MPL PostaPont', 'SMS', 'ÁSZF', 'EU', 'GLS', 'PDF', 'DPD', 'CLFOX1234567890'])).toEqual([
      'az MPL PostaPont',
      'az SMS',
      'az ÁSZF',
      'az EU',
      'a GLS',
      'a PDF',
      'a DPD',
      'a CLFOX1234567890',
    ]);
    // A capitalised word is not an abbreviation.
    expect(articles(['Miskolc', 'Szeged', 'Nyíregyháza'])).toEqual([
      'a Miskolc',
      'a Szeged',
      'a Nyíregyháza',
    ]);
    expect(hungarianArticle('anna.kovacs@example.hu')).toBe('az');
  });

  it('skips quotes and brackets before the word', () => {
    expect(withArticle('„Törzsvásárló”')).toBe('a „Törzsvásárló”');
    expect(withArticle('„Ajándék”')).toBe('az „Ajándék”');
    expect(hungarianArticle('(ősz)')).toBe('az');
  });

  it('opens a sentence with a capital', () => {
    expect(withArticle(5, { capital: true })).toBe('Az 5');
    expect(withArticle(13, { capital: true })).toBe('A 13');
    expect(hungarianArticle('Éva', { capital: true })).toBe('Az');
    expect(hungarianArticle('dia', { capital: true })).toBe('A');
  });

  it('says "a" when nothing follows', () => {
    expect(hungarianArticle('')).toBe('a');
    expect(hungarianArticle('„”')).toBe('a');
  });
});
