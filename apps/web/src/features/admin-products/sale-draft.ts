import { formatPrice, fromBudapestInput, toBudapestInput } from '@shop/ui';
import { parseNumberInput } from '../../components/form/number-input';

/**
 * A scheduled sale as the admin types it, the product's (its "Akció" panel) and a variant's own (its
 * "Árak" dialog) alike: the price, and its start and end as Budapest wall-clock times.
 */
export type SaleDraft = { price: string; startsAt: string; endsAt: string };

export const NO_SALE: SaleDraft = { price: '', startsAt: '', endsAt: '' };

/** A stored sale (the admin part of the product answer) as typed text. */
export function saleDraftOf(
  stored:
    | { salePrice: number | null; saleStartsAt: string | null; saleEndsAt: string | null }
    | null
    | undefined,
): SaleDraft {
  return {
    price: stored?.salePrice == null ? '' : String(stored.salePrice),
    startsAt: toBudapestInput(stored?.saleStartsAt),
    endsAt: toBudapestInput(stored?.saleEndsAt),
  };
}

/** The sale as a save sends it; an empty price ends and clears the sale. */
export function saleInput(sale: SaleDraft) {
  return {
    salePrice: parseNumberInput(sale.price) ?? null,
    saleStartsAt: fromBudapestInput(sale.startsAt) ?? null,
    saleEndsAt: fromBudapestInput(sale.endsAt) ?? null,
  };
}

/**
 * A variant's sale has no price but a start or end typed: the server would drop the dates unsaid, so
 * the dialog asks for the price instead (the message the product's save gives for the same).
 */
export function salePriceMissing(sale: SaleDraft): string | null {
  return !sale.price.trim() && (sale.startsAt.trim() || sale.endsAt.trim())
    ? 'Az akció kezdetéhez és végéhez add meg az akciós árat is.'
    : null;
}

const MONTHS = [
  'jan.',
  'febr.',
  'márc.',
  'ápr.',
  'máj.',
  'jún.',
  'júl.',
  'aug.',
  'szept.',
  'okt.',
  'nov.',
  'dec.',
];

type Day = { year: number; month: number; day: number };

/** The calendar day of a field's Budapest wall-clock text ("2026-12-01T08:00"); null when empty. */
function dayOf(text: string): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T/.exec(text.trim());
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

/**
 * "dec. 1–7.", "nov. 28. – dec. 5.", "2027. jan. 4-ig": the days a sale runs, with the year only when
 * it is not this year's (Budapest). Null when it has neither edge.
 */
function windowText(startsAt: string, endsAt: string, now: Date): string | null {
  const from = dayOf(startsAt);
  const to = dayOf(endsAt);
  const thisYear = Number(toBudapestInput(now).slice(0, 4));
  const withYear = [from, to].some((edge) => edge !== null && edge.year !== thisYear);
  // No-break spaces keep a date on one line when a narrow cell wraps the text.
  const date = ({ year, month, day }: Day, dot = '.') =>
    `${withYear ? `${year}.\u00a0` : ''}${MONTHS[month - 1]}\u00a0${day}${dot}`;
  if (from && to) {
    if (from.year === to.year && from.month === to.month) {
      return from.day === to.day ? date(from) : `${date(from, '')}–${to.day}.`;
    }
    return `${date(from)} – ${date(to)}`;
  }
  if (to) return `${date(to, '')}-ig`;
  if (from) return `${date(from)} – visszavonásig`;
  return null;
}

/**
 * A sale as its variant's row says it, so the owner sees it without opening the dialog: "Akció:
 * 3 990 Ft, dec. 1–7.", "(lejárt)" once its end has passed. Null when there is no sale price.
 */
export function saleSummary(sale: SaleDraft, now = new Date()): string | null {
  const price = parseNumberInput(sale.price);
  if (price === undefined || !Number.isFinite(price)) return null;
  const days = windowText(sale.startsAt, sale.endsAt, now);
  const end = fromBudapestInput(sale.endsAt);
  const over = end !== undefined && new Date(end).getTime() <= now.getTime();
  return `Akció: ${formatPrice(price)}${days ? `, ${days}` : ''}${over ? ' (lejárt)' : ''}`;
}
