/**
 * A number typed into a text field, for the zod schema to judge: "" is a missing value (undefined),
 * spaces are digit grouping ("12 990"), a decimal comma counts as a point, and anything unreadable
 * is NaN, which the schema rejects with its own Hungarian message.
 */
export function parseNumberInput(text: string): number | undefined {
  const compact = text.replace(/\s/g, '').replace(',', '.');
  return compact === '' ? undefined : Number(compact);
}
