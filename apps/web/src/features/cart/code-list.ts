import { MAX_LINE_QUANTITY } from './guest-cart';

export type CodeEntry = { code: string; quantity: number };

/**
 * Reads the quick-add box: product codes one a line or separated by commas, each optionally followed by
 * `;quantity` ("BG-1001;3"). A code given twice (in any letter case) is one entry with the quantities
 * summed; a part with a quantity that is not a whole number from 1 up is returned as `invalid`, as typed.
 */
export function parseCodeList(text: string): { entries: CodeEntry[]; invalid: string[] } {
  const byCode = new Map<string, CodeEntry>();
  const invalid: string[] = [];
  for (const part of text.split(/[\n,]/)) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const [rawCode = '', rawQuantity, ...extra] = trimmed.split(';').map((piece) => piece.trim());
    const quantity = rawQuantity === undefined || rawQuantity === '' ? 1 : Number(rawQuantity);
    if (!rawCode || extra.length > 0 || !Number.isInteger(quantity) || quantity < 1) {
      invalid.push(trimmed);
      continue;
    }
    const key = rawCode.toLowerCase();
    const existing = byCode.get(key);
    const total = Math.min((existing?.quantity ?? 0) + quantity, MAX_LINE_QUANTITY);
    byCode.set(key, { code: existing?.code ?? rawCode, quantity: total });
  }
  return { entries: [...byCode.values()], invalid };
}
