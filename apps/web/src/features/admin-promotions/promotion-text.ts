import type { TPromotion } from '@shop/api/schemas';
import { formatNumber, formatPrice } from '@shop/ui';

type PromotionState = TPromotion['state'];

export const PROMOTION_STATE_LABELS: Record<PromotionState, string> = {
  running: 'Fut',
  scheduled: 'Ütemezett',
  ended: 'Lejárt',
  paused: 'Szünetel',
};

export const PROMOTION_STATE_PALETTES: Record<PromotionState, string> = {
  running: 'green',
  scheduled: 'blue',
  ended: 'gray',
  paused: 'orange',
};

/**
 * What the discount is worth, as short as a list cell allows: "10 %", "2 000 Ft", "Ingyenes szállítás",
 * "Ajándék: Bögre" (`giftTitle` is the gift product's name, once known).
 */
export function promotionValueText(
  { kind, value }: Pick<TPromotion, 'kind' | 'value'>,
  giftTitle?: string,
): string {
  switch (kind) {
    case 'percent':
      // A no-break space, as before "Ft": the number and its sign never part.
      return `${value}\u00a0%`;
    case 'amount':
      return formatPrice(value);
    case 'free_shipping':
      return 'Ingyenes szállítás';
    case 'second_half':
      return '2. darab féláron';
    case 'gift':
      return giftTitle ? `Ajándék: ${giftTitle}` : 'Ajándék termék';
  }
}

/** How a shopper gets it: automatically, with its one code, or with one of its N codes. */
export function promotionCodeText({
  automatic,
  codeCount,
  codes,
}: Pick<TPromotion, 'automatic' | 'codeCount' | 'codes'>): string {
  if (automatic) return 'Automatikus';
  if (codeCount === 0) return 'Nincs kódja';
  if (codeCount === 1 && codes[0]) return codes[0].code;
  return `${formatNumber(codeCount)} kód`;
}

/** Orders that used it, beside its limit when it has one: "3 / 100". */
export function promotionUsesText({ uses, usageLimit }: Pick<TPromotion, 'uses' | 'usageLimit'>): string {
  return usageLimit === null ? formatNumber(uses) : `${formatNumber(uses)} / ${formatNumber(usageLimit)}`;
}
