import { formatForint } from '../email/format';

/**
 * What makes a scheduled sale an admin typed wrong, for a product and a variant alike: a sale price
 * not below the list price it reduces (the schema already refuses 0 and less), or an end not after
 * the start. Null when it is right. `field` is the input field the message belongs under.
 */
export function saleInputProblem(
  sale: { salePrice: number; saleStartsAt: Date | null; saleEndsAt: Date | null },
  listPrice: number,
): { field: 'salePrice' | 'saleEndsAt'; message: string } | null {
  if (sale.salePrice >= listPrice) {
    return {
      field: 'salePrice',
      message: `Az akciós ár legyen alacsonyabb a listaárnál (${formatForint(listPrice)}).`,
    };
  }
  if (sale.saleStartsAt && sale.saleEndsAt && sale.saleEndsAt.getTime() <= sale.saleStartsAt.getTime()) {
    return { field: 'saleEndsAt', message: 'Az akció vége legyen későbbi a kezdeténél.' };
  }
  return null;
}
