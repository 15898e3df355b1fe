import { VisuallyHidden } from '@chakra-ui/react';
import { formatPrice, spokenPrice } from '@shop/ui';

/** Writes the prices of a text, given as "12 990 Ft" to the eye and as "12990 forint" to a screen reader. */
export type PriceWriter = (forints: number) => string;

/**
 * A text written once for the eye and once for a screen reader, when the two differ. The spoken one
 * comes first, so the seen text runs on into the text after it, as the eye reads it.
 */
export function SeenAndHeard({ seen, heard }: { seen: string; heard: string }) {
  // A sentence without a price in it ("Ingyenes a szállítás") is written once, for everyone.
  if (seen === heard) return <>{seen}</>;
  return (
    <>
      <VisuallyHidden>{heard}</VisuallyHidden>
      <span aria-hidden="true">{seen}</span>
    </>
  );
}

/**
 * A sentence with prices in it ("Még 3 510 Ft és ingyenes a szállítás"), seen as the shop writes prices
 * and heard with "forint", as `Price` does for a price on its own. The sentence is written twice, once
 * for each, because a screen reader spells "Ft" out and reads "3 510" as two numbers.
 * Kept out of price-display.tsx, which the home page's first load carries.
 */
export function PriceText({ children }: { children: (price: PriceWriter) => string }) {
  return <SeenAndHeard seen={children(formatPrice)} heard={children(spokenPrice)} />;
}
