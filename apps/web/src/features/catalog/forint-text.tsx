import { spokenPrice } from '@shop/ui';
import { SeenAndHeard } from './price-text';

/**
 * An amount in forints as a text writes it, "3 010 Ft", "1000 Ft" or a range "2 000–5 000 Ft": digits
 * grouped in threes by a space (the no-break one formatForint puts, or a plain or thin one an admin typed
 * into a promotion's name), then "Ft" as a word of its own ("Ft-tól" and "Ft," are forints, "Ftx" is
 * not). The digits are taken greedily from the first, so an amount never starts inside a longer number.
 */
const AMOUNT =
  /(\d+(?:[ \u00a0\u2009\u202f]\d{3})*)(?:[ \u00a0]?([–-])[ \u00a0]?(\d+(?:[ \u00a0\u2009\u202f]\d{3})*))?[ \u00a0\u2009\u202f]?Ft(?![\p{L}\p{N}_])/gu;

const ungrouped = (digits: string) => digits.replace(/\D/g, '');

/**
 * The text as a screen reader should say it: each "3 010 Ft" becomes "3010 forint" (spokenPrice), a
 * range "2000–5000 forint". Ungrouped, as a speech engine reads "3 010" as two numbers.
 */
export function spokenForints(text: string): string {
  return text.replace(AMOUNT, (_, from: string, dash: string | undefined, to: string | undefined) =>
    dash && to !== undefined
      ? `${ungrouped(from)}${dash}${spokenPrice(Number(ungrouped(to)))}`
      : spokenPrice(Number(ungrouped(from))),
  );
}

/**
 * A text the server writes with its prices in it ("Még 3 010 Ft, és 10 % kedvezmény jár", a discount's
 * name, a coupon's refusal), seen exactly as written and heard with "forint", as `PriceText` does for
 * the texts the web writes itself. The server keeps "Ft": e-mails and invoices print the same texts.
 */
export function ForintText({ children }: { children: string }) {
  return <SeenAndHeard seen={children} heard={spokenForints(children)} />;
}
