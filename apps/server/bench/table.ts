/** A number with fixed decimals, or a dash when there is none. */
export const f = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** A Markdown table from rows of cells, the first row being the header, columns padded to line up. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(rows[0]!),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ].join('\n');
}
