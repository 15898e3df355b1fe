/**
 * VAT classes (Áfa tv.): the three rates of 82. § and the two exemptions. The class is what a product and an
 * order line store and what an invoice names (Számlázz.hu's afakulcs); the percent is derived from it.
 *
 * 1. "27", "18" and "5" charge that percent; "TAM" (tárgyi adómentes, 85–87. §) and "AAM" (alanyi adómentes,
 *    187–196. §) charge none.
 * 2. An alanyi adómentes shop (ShopSetting.vatExempt) charges no VAT on anything: every order line and every fee
 *    (shipping, payment) is AAM, whatever class the product has.
 * 3. Otherwise a line takes its product's class, and shipping and payment fees are 27 %.
 * 4. An order keeps its lines' classes, not the setting, so a placed order's fees are AAM exactly when every line is
 *    (AAM is the seller's status: a taxable shop has no AAM products), whatever the setting says later.
 *
 * The rules carry no zod, so the storefront's pages use them without loading it (vat.ts adds the schema).
 */
export const VAT_CLASSES = ['27', '18', '5', 'TAM', 'AAM'] as const;
export type TVatClass = (typeof VAT_CLASSES)[number];

const PERCENT: Record<TVatClass, number> = { '27': 27, '18': 18, '5': 5, TAM: 0, AAM: 0 };

/** The VAT percent a class charges (rule 1). */
export function vatPercentOf(vatClass: TVatClass): number {
  return PERCENT[vatClass];
}

const LABELS: Record<TVatClass, string> = {
  '27': '27 %',
  '18': '18 %',
  '5': '5 %',
  TAM: 'Tárgyi adómentes (TAM)',
  AAM: 'Alanyi adómentes (AAM)',
};

/** The Hungarian name of a class, for forms and order pages. */
export function vatClassLabel(vatClass: TVatClass): string {
  return LABELS[vatClass];
}

/** The short name of a class in a VAT breakdown or a table cell: "27 %", "TAM", "AAM". */
export function vatClassShortLabel(vatClass: TVatClass): string {
  return vatClass === 'TAM' || vatClass === 'AAM' ? vatClass : `${vatClass} %`;
}

/** A row of a VAT breakdown: "Ebből 27 % áfa", "Tárgyi adómentes (TAM)", "Alanyi adómentes (AAM)". */
export function vatContentLabel(vatClass: TVatClass): string {
  return vatClass === 'TAM' || vatClass === 'AAM' ? LABELS[vatClass] : `Ebből ${vatClass} % áfa`;
}

/** A breakdown row on the shopper's order page: "27 % áfa", "Tárgyi adómentes (TAM)", "Alanyi adómentes (AAM)". */
export function vatBreakdownLabel(vatClass: TVatClass): string {
  return vatClass === 'TAM' || vatClass === 'AAM' ? LABELS[vatClass] : `${vatClass} % áfa`;
}

/** The product page's note under the price. */
export function vatNote(vatClass: TVatClass): string {
  if (vatClass === 'TAM') return 'Az ár bruttó ár; a termék tárgyi adómentes, ÁFA-t nem tartalmaz.';
  if (vatClass === 'AAM') return 'Alanyi adómentes értékesítés: az árak ÁFA-t nem tartalmaznak.';
  return `Az árak bruttó árak, az ÁFA (${vatClass} %) benne van.`;
}

/** A stored class (a database string) as a class; an unknown value is an error of the data, not of the input. */
export function asVatClass(value: string): TVatClass {
  if ((VAT_CLASSES as readonly string[]).includes(value)) return value as TVatClass;
  throw new Error(`Unknown VAT class "${value}"`);
}

/** The class an order line gets (rules 2 and 3). */
export function effectiveVatClass(productClass: TVatClass, shopVatExempt: boolean): TVatClass {
  return shopVatExempt ? 'AAM' : productClass;
}

/** A line's class and the percent it charges, as sold (rules 1–3). */
export function lineVat(
  productClass: TVatClass,
  shopVatExempt: boolean,
): { vatClass: TVatClass; vatRate: number } {
  const vatClass = effectiveVatClass(productClass, shopVatExempt);
  return { vatClass, vatRate: vatPercentOf(vatClass) };
}

/** The class of shipping and payment fees (rules 2 and 3). */
export function feeVatClass(shopVatExempt: boolean): TVatClass {
  return shopVatExempt ? 'AAM' : '27';
}

/** The class of a placed order's shipping, payment and rounding (rule 4), from its lines' classes. */
export function orderFeeVatClass(lineClasses: readonly TVatClass[]): TVatClass {
  return feeVatClass(lineClasses.length > 0 && lineClasses.every((vatClass) => vatClass === 'AAM'));
}

/** The class of a legacy percent (27/18/5), for integrators that still send `vatRate`; 0 is ambiguous (TAM or AAM). */
export function vatClassOfPercent(percent: number): TVatClass | null {
  return percent === 27 ? '27' : percent === 18 ? '18' : percent === 5 ? '5' : null;
}
