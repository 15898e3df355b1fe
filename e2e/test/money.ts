/** A price as the shop writes it: "1 290 Ft", with no-break spaces (formatPrice in @shop/ui). */
export const ft = (forints: number) =>
  `${String(forints).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0Ft`;
