/** The shop's times are stored in UTC and shown as Budapest's clock shows them (spec). */
const TIME_ZONE = 'Europe/Budapest';

export type BudapestParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

let clock: Intl.DateTimeFormat | undefined;

/**
 * Budapest's wall clock at an instant, part by part: the year in four digits, the rest in two
 * ("2026", "03", "09", "00"). Read from parts so nothing depends on the ICU version's punctuation.
 * The formatter is made on first use, not when the module loads: one with a time zone took half of
 * the shop's style-system chunk's start on a phone, on pages that show no time at all.
 */
export function budapestParts(instant: Date | number): BudapestParts {
  clock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const found: BudapestParts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of clock.formatToParts(instant)) {
    if (part.type in found) found[part.type as keyof BudapestParts] = part.value;
  }
  return found;
}
