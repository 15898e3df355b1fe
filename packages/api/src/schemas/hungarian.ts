/**
 * The Hungarian definite article before a value the shop puts into a sentence ("a 13", "az 5", "az
 * „Ajándék” kategória"), so no message has to fall back on "a(z)".
 *
 * 1. "az" stands before a vowel sound, "a" before a consonant sound.
 * 2. A word counts by its first letter, accents ignored (az Éva, az őszi, a Kék Bögre); quotes, brackets
 *    and other marks before it are skipped.
 * 3. A number counts as it is read aloud, which starts with its highest group of thousands: 1 egy, 5 öt,
 *    50 ötven, 500 ötszáz and 1 000 ezer take "az"; 11 tizenegy, 100 száz, 2 000 kétezer take "a". A
 *    leading group of exactly 1 before further groups is "ezer", "egymillió", "egymilliárd": "az".
 *    Thousands may be grouped with a space, a no-break space or a dot ("1 200", "1.200"); a number
 *    starting with 0 is read "nulla".
 * 4. An abbreviation in capitals is read letter by letter, so its first letter's name decides: F (ef),
 *    L (el), M (em), N (en), R (er), S (es), X (iksz), Y (ipszilon) and the vowels take "az" (az MPL,
 *    az SMS, a GLS, a PDF). The few read as a word (NAV, MÁV) come out as "az NAV": accepted, since the
 *    shop's own abbreviations (carriers, file types) are spelled out.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);
/** Consonants whose Hungarian letter names start with a vowel sound (ef, el, em, en, er, es, iksz, ipszilon). */
const VOWEL_NAMED_LETTERS = new Set(['f', 'l', 'm', 'n', 'r', 's', 'x', 'y']);
const ABBREVIATION = /^\p{Lu}{2,}(?!\p{Ll})/u;

/** The spoken number starts with a vowel (egy, öt, ötven, ötszáz, ezer, egymillió…). */
function numberTakesAz(digits: string): boolean {
  const leadLength = digits.length % 3 || 3;
  // A lone 1 leading its group is "egy", "ezer" or "egymillió"; 10–19 (tíz, tizen-) and 100–199 (száz)
  // start with their tens or hundreds word. Otherwise the highest digit names the first word.
  if (leadLength === 1 && digits[0] === '1') return true;
  return digits[0] === '5';
}

/** The first run of digits with its thousands groups joined: "1 200 Ft" → "1200", "2026-000123" → "2026". */
function leadingNumber(text: string): string | null {
  const match = /^\d+(?:[ \u00a0\u202f.]\d{3}(?!\d))*/.exec(text);
  return match ? match[0].replace(/\D/g, '') : null;
}

/**
 * "az" or "a" before a word or number (rules in the header); with `capital` "Az" or "A" to open a sentence.
 */
export function hungarianArticle(
  next: string | number,
  options: { capital?: boolean } = {},
): 'a' | 'az' | 'A' | 'Az' {
  const text = String(next).replace(/^[^\p{L}\p{N}]+/u, '');
  const digits = leadingNumber(text);
  const first = text.charAt(0).normalize('NFD').charAt(0).toLowerCase();
  const az =
    digits !== null
      ? numberTakesAz(digits)
      : VOWELS.has(first) || (ABBREVIATION.test(text) && VOWEL_NAMED_LETTERS.has(first));
  if (options.capital) return az ? 'Az' : 'A';
  return az ? 'az' : 'a';
}

/** The article and the value: "az 5", "a 13", "Az „Ajándék”" with `capital`. */
export function withArticle(next: string | number, options: { capital?: boolean } = {}): string {
  return `${hungarianArticle(next, options)} ${next}`;
}
