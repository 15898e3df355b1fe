/**
 * Product titles end in their size or weight ("Porcelán bögre, matyó mintás, 3 dl", "Képkeret, 13 × 18 cm").
 * A two-line clamp that breaks the line inside such a quantity shows "… 3…" and hides what tells the
 * variants apart, so the spaces inside a quantity become no-break spaces: it wraps, and is cut, whole.
 */

const NBSP = '\u00a0';

/**
 * A number (2,5; 0.75; 13 × 18) and a unit the catalogue writes after one, as a whole word: ml, cl, dl,
 * l, mg, g, dkg, kg, mm, cm, m, m², db, pár, lap, oldal.
 */
const QUANTITY =
  /\d+(?:[.,]\d+)?(?:\s*[×x*]\s*\d+(?:[.,]\d+)?)*\s+(?:[mcd]?l|m?g|dkg|kg|[mc]?m|m²|m2|db|pár|lap|oldal)(?![\p{L}\p{N}])/gu;

/** "Bögre, 3 dl" → "Bögre, 3 dl" with a no-break space; "40 × 25 cm" stays on one line too. */
export function keepQuantitiesTogether(text: string): string {
  return text.replace(QUANTITY, (quantity) => quantity.replace(/\s+/g, NBSP));
}
