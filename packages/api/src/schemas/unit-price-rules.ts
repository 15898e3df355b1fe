/**
 * Unit prices (egységár) as the price-display decree (4/2009. (I. 30.) NFGM–SZMM) asks for goods sold by
 * weight, volume, length or area.
 *
 * 1. A product sold by measure has a net quantity per piece in one of the units below (0.25 kg for a
 *    250 g pack); one without is sold by the piece and has no unit price.
 * 2. The unit price is the gross price of one piece divided by its net quantity, in whole forints
 *    (rounded half up), per 1 kg, 1 l, 1 m or 1 m²: 399 Ft for 0.25 kg is 1 596 Ft/kg.
 * 3. It follows the price the shopper sees (group, own and quantity prices included), so it is computed
 *    from that price, never stored.
 * 4. The word "Egységár" names only this price; the price of one piece is "Ár / db".
 *
 * The rules carry no zod, so the storefront's pages use them without loading it (unit-price.ts adds
 * the schemas).
 */
export const NET_QUANTITY_UNITS = ['kg', 'l', 'm', 'm2'] as const;
export type TNetQuantityUnit = (typeof NET_QUANTITY_UNITS)[number];

/** How a unit is written after "Ft/": m2 is the stored spelling of m². */
export const NET_QUANTITY_UNIT_LABELS: Record<TNetQuantityUnit, string> = {
  kg: 'kg',
  l: 'l',
  m: 'm',
  m2: 'm²',
};

/** A unit price: whole forints per one unit (TUnitPrice, as the schema describes it). */
export type UnitPriceValue = { amount: number; unit: TNetQuantityUnit };

/** The unit price of a piece costing `grossPrice` (rules 1–3); null when it is sold by the piece. */
export function unitPriceOf(
  grossPrice: number,
  netQuantity: number | null,
  unit: TNetQuantityUnit | null,
): UnitPriceValue | null {
  if (netQuantity === null || unit === null || !(netQuantity > 0)) return null;
  return { amount: Math.round(grossPrice / netQuantity), unit };
}

/** "1 596 Ft/kg" given how the shop writes forints ("1 596 Ft"). */
export function formatUnitPrice(unitPrice: UnitPriceValue, formatForint: (amount: number) => string): string {
  return `${formatForint(unitPrice.amount)}/${NET_QUANTITY_UNIT_LABELS[unitPrice.unit]}`;
}

/** Units the admin may type a net quantity in; g, ml and cm are converted to the stored unit. */
export const NET_QUANTITY_INPUT_UNITS = {
  g: { unit: 'kg', factor: 0.001 },
  kg: { unit: 'kg', factor: 1 },
  ml: { unit: 'l', factor: 0.001 },
  l: { unit: 'l', factor: 1 },
  cm: { unit: 'm', factor: 0.01 },
  m: { unit: 'm', factor: 1 },
  m2: { unit: 'm2', factor: 1 },
} as const satisfies Record<string, { unit: TNetQuantityUnit; factor: number }>;
export type TNetQuantityInputUnit = keyof typeof NET_QUANTITY_INPUT_UNITS;

/** 250 g → 0.25 kg, 750 ml → 0.75 l; rounded to 6 decimals so 0.001 × 250 stays 0.25. */
export function toNetQuantity(
  value: number,
  inputUnit: TNetQuantityInputUnit,
): { netQuantity: number; netQuantityUnit: TNetQuantityUnit } {
  const { unit, factor } = NET_QUANTITY_INPUT_UNITS[inputUnit];
  return { netQuantity: Math.round(value * factor * 1e6) / 1e6, netQuantityUnit: unit };
}

/** The friendliest way to show a stored net quantity in the form: 0.25 kg → 250 g, 1.5 l → 1.5 l. */
export function fromNetQuantity(
  netQuantity: number,
  unit: TNetQuantityUnit,
): { value: number; inputUnit: TNetQuantityInputUnit } {
  if (netQuantity < 1 && unit !== 'm2') {
    const small = unit === 'kg' ? 'g' : unit === 'l' ? 'ml' : 'cm';
    return {
      value: Math.round((netQuantity / NET_QUANTITY_INPUT_UNITS[small].factor) * 1e6) / 1e6,
      inputUnit: small,
    };
  }
  return { value: netQuantity, inputUnit: unit };
}
