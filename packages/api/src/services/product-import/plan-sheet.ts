import type { Prisma, PrismaClient } from '@shop/db';
import type { PresetId } from '../../schemas/product-sheet';
import { codeKey } from '../catalogue/product-codes';
import { checkedInput } from './apply-row';
import { type CatalogueState, loadCatalogueState } from './catalogue-state';
import { type ParsedRow, parseRow } from './cells';
import { type PictureSourceOf, planRow, type RowPlan, type SheetPass } from './plan-row';
import { type Mapping, PRESETS } from './presets';
import type { Sheet } from './read-sheet';

type Db = PrismaClient | Prisma.TransactionClient;

/** The sheet's row number of a data row (the header is row 1). */
export const rowNumberOf = (index: number) => index + 2;

export function parseRows(
  sheet: Sheet,
  mapping: Mapping,
  presetId: PresetId | null,
  range: { from: number; to: number } = { from: 0, to: sheet.rows.length },
): ParsedRow[] {
  const preset = PRESETS[presetId ?? 'sajat'];
  return sheet.rows
    .slice(range.from, range.to)
    .map((cells, offset) =>
      parseRow(rowNumberOf(range.from + offset), sheet.headers, cells, mapping, preset),
    );
}

/**
 * Where each code first stands in the sheet, so a later row with the same code is refused, and where
 * it first stands as a product's own row, so a later row may add a variant to that product. Keyed by
 * `codeKey`: "abc-1" is the same code as "ABC-1", as in the shop.
 */
export type SheetCodes = { firstRow: Map<string, number>; productRow: Map<string, number> };

export function sheetCodes(rows: readonly ParsedRow[]): SheetCodes {
  const firstRow = new Map<string, number>();
  const productRow = new Map<string, number>();
  for (const row of rows) {
    if (!row.values.sku) continue;
    const key = codeKey(row.values.sku);
    if (!firstRow.has(key)) firstRow.set(key, row.rowNumber);
    if (!row.values.parentSku && !productRow.has(key)) productRow.set(key, row.rowNumber);
  }
  return { firstRow, productRow };
}

/**
 * Plans rows against the shop as it is now: one look-up of everything they name, then each row on
 * its own. A code met a second time in the sheet is refused there, so a sheet never writes one
 * product twice.
 */
export async function planRows(
  db: Db,
  rows: readonly ParsedRow[],
  sourceOf: PictureSourceOf,
  codes: SheetCodes,
): Promise<{ plans: RowPlan[]; state: CatalogueState }> {
  const sources = rows.flatMap((row) => (row.values.images ?? []).flatMap((cell) => sourceOf(cell) ?? []));
  const state = await loadCatalogueState(
    db,
    // A variant row's product is looked up too: the row may add a variant to it.
    rows.flatMap((row) => [row.values.sku, row.values.parentSku].filter((code) => code !== undefined)),
    {
      sources: sources.filter((source) => !source.startsWith('media:')),
      mediaIds: sources.flatMap((source) => (source.startsWith('media:') ? [Number(source.slice(6))] : [])),
    },
  );
  const sheet: SheetPass = {
    sourceOf,
    productRowOfCode: codes.productRow,
    variantOptions: new Map(),
    refusedProducts: new Set(),
  };
  const plans = rows.map((row): RowPlan => {
    const code = row.values.sku;
    const first = code ? codes.firstRow.get(codeKey(code)) : undefined;
    if (code && first !== undefined && first !== row.rowNumber) {
      return {
        ...planRow({ ...row, problems: [] }, state, {
          ...sheet,
          variantOptions: new Map(),
          refusedProducts: new Set(),
        }),
        outcome: 'refused',
        changes: [],
        message: `A(z) „${code}” cikkszám már szerepelt a(z) ${first}. sorban; egy cikkszám csak egyszer lehet a fájlban.`,
        target: null,
      };
    }
    const plan = withSchemaCheck(planRow(row, state, sheet), state);
    if (plan.outcome === 'refused' && code && !row.values.parentSku) sheet.refusedProducts.add(codeKey(code));
    return plan;
  });
  return { plans, state };
}

/**
 * A product row that would be written is checked by the product schema already in the dry run, so
 * what the writer would refuse (a too long name, a bad URL name) shows as refused before applying.
 */
function withSchemaCheck(plan: RowPlan, state: CatalogueState): RowPlan {
  if (plan.target?.kind !== 'product' || (plan.outcome !== 'created' && plan.outcome !== 'changed'))
    return plan;
  const input = checkedInput(plan, state);
  return typeof input === 'string' ? { ...plan, outcome: 'refused', changes: [], message: input } : plan;
}
