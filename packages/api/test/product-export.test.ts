import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor } from '../src/cache';
import { PRODUCT_FIELDS, type ProductField } from '../src/schemas/product-sheet';
import { bumpCatalogue, invalidateCatalogue } from '../src/services/catalogue/in-memory-index';
import { FIELD_HEADERS } from '../src/services/product-transfer/columns';
import { EXPORT_PAGE_SIZE } from '../src/services/product-transfer/export-rows';
import { callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let admin: SignedIn;
let mugId = 0;
let photos: number[] = [];
let kitchen = 0;
let mugs = 0;

type Row = Record<ProductField, string>;
const HEADERS = PRODUCT_FIELDS.map((field) => FIELD_HEADERS[field]);

/** The file's bytes from the tRPC answer, whose content is base64. */
const bytesOf = (file: { content: string }) => Buffer.from(file.content, 'base64');

/** The XLSX read back with exceljs, as a spreadsheet program would open it. */
async function readXlsx(file: { content: string }): Promise<ExcelJS.Worksheet> {
  const bytes = bytesOf(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return workbook.worksheets[0]!;
}

/** CSV cells by field, read back with a real CSV parser (quotes, `;` and line breaks inside cells). */
function csvRows(text: string): Row[] {
  const records: string[][] = parse(text, { delimiter: ';', bom: true, relax_column_count: false });
  expect(records[0]).toEqual(HEADERS);
  return records
    .slice(1)
    .map((cells) => Object.fromEntries(PRODUCT_FIELDS.map((field, i) => [field, cells[i] ?? ''])) as Row);
}

async function exportCsv(input: Parameters<SignedIn['caller']['product']['export']>[0] = {}) {
  const file = await admin.caller.product.export({ ...input, format: 'csv' });
  return { file, text: bytesOf(file).toString('utf8') };
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
  const media = (name: string) =>
    db.prisma.media.create({
      data: { originalName: name, mimeType: 'image/png', width: 800, height: 800, sizeBytes: 10 },
      select: { id: true },
    });
  photos = [(await media('elol.png')).id, (await media('hatul.png')).id];
  kitchen = (await admin.caller.category.create({ descriptions: [{ language: 'hu', title: 'Konyha' }] })).id;
  mugs = (
    await admin.caller.category.create({
      parent: kitchen,
      descriptions: [{ language: 'hu', title: 'Bögrék' }],
    })
  ).id;
  const gifts = (await admin.caller.category.create({ descriptions: [{ language: 'hu', title: 'Ajándék' }] }))
    .id;
  const brand = await admin.caller.property.listOrSave({
    action: 'save',
    property: { code: 'marka', language: 'hu', title: 'Márka', values: [{ title: 'Kék Bögre' }] },
  });
  const material = await admin.caller.property.listOrSave({
    action: 'save',
    property: { code: 'anyag', language: 'hu', title: 'Anyag', values: [{ title: 'kerámia' }] },
  });
  const resellers = await db.prisma.customerGroup.create({ data: { name: 'Viszonteladó' } });
  const regulars = await db.prisma.customerGroup.create({ data: { name: 'Törzsvevő' } });

  const mug = await admin.caller.product.update({
    kutiId: 'BOG-001',
    slug: 'kek-bogre',
    price: 4990,
    salePrice: 3990,
    saleStartsAt: '2026-03-01T13:05:00Z',
    saleEndsAt: '2026-03-31T22:00:00Z',
    vatClass: '27',
    stock: 12,
    unit: 'db',
    netQuantity: 0.3,
    netQuantityUnit: 'l',
    weightGrams: 350,
    featured: true,
    descriptions: [
      {
        language: 'hu',
        title: 'Kék bögre; "nagy"',
        body: '<p>Első sor\nMásodik sor</p>',
        metaTitle: 'Kék bögre olcsón',
        metaDescription: '=HYPERLINK("x")',
      },
      { language: 'en', title: 'Blue mug' },
    ],
    categoryIds: [gifts, mugs],
    primaryCategoryId: mugs,
    propertyValueIds: [material.saved!.values[0]!.id, brand.saved!.values[0]!.id],
    tiers: [
      { minQuantity: 10, price: 4490 },
      { minQuantity: 5, price: 4790 },
    ],
    groupPrices: [
      { groupId: resellers.id, price: 3500 },
      // Hidden from the group but at the list price: no price of its own to export.
      { groupId: regulars.id, price: null, hidden: true },
    ],
    imageIds: photos,
  });
  mugId = mug.id;
  await db.prisma.product.update({
    where: { id: mugId },
    data: { ean: '5991234567890', feedExcluded: true },
  });

  const polo = await admin.caller.product.update({
    kutiId: 'POLO',
    price: 5990,
    stock: 0,
    descriptions: [{ language: 'hu', title: 'Póló' }],
    categoryIds: [mugs],
  });
  await admin.caller.product.variants({
    product: polo.id,
    options: [
      { title: 'Méret', values: [{ title: 'M' }, { title: 'L' }] },
      { title: 'Szín', values: [{ title: 'kék' }] },
    ],
    variants: [
      { values: ['M', 'kék'], kutiId: 'POLO-M-KEK', stock: 5 },
      { values: ['L', 'kék'], kutiId: 'POLO-L-KEK', stock: 0, grossPrice: 6490, enabled: false },
    ],
  });
  await db.prisma.productVariant.update({ where: { kutiId: 'POLO-M-KEK' }, data: { ean: '5990000000017' } });

  await admin.caller.product.update({
    kutiId: 'TANYER',
    price: 2990,
    enabled: false,
    descriptions: [{ language: 'hu', title: 'Tányér' }],
    categoryIds: [kitchen],
  });
});
afterAll(() => db?.close());

describe('GET /api/product/export', () => {
  it('writes a product with every column the import reads back, and a variant product row by row', async () => {
    const { file, text } = await exportCsv({ categoryId: mugs, sort: 'name' });
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.filename).toMatch(/^termekek-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = csvRows(text);
    expect(rows.map((row) => row.sku)).toEqual(['BOG-001', 'POLO', 'POLO-M-KEK', 'POLO-L-KEK']);

    const mug = rows[0]!;
    expect(mug).toMatchObject({
      parentSku: '',
      name: 'Kék bögre; "nagy"',
      options: '',
      price: '4990',
      salePrice: '3990',
      saleStartsAt: '2026-03-01 14:05',
      // Summer time by then: two hours ahead of UTC.
      saleEndsAt: '2026-04-01 00:00',
      vatClass: '27',
      stock: '12',
      unit: 'db',
      netQuantity: '0.3',
      netQuantityUnit: 'l',
      weightGrams: '350',
      ean: '5991234567890',
      enabled: 'igen',
      featured: 'igen',
      feedExcluded: 'igen',
      categories: 'Konyha > Bögrék | Ajándék',
      properties: 'Márka: Kék Bögre | Anyag: kerámia',
      tiers: '5: 4790 | 10: 4490',
      groupPrices: 'Viszonteladó: 3500',
      images: photos.map((id) => `http://localhost:3000/media/${id}/original`).join(' | '),
      description: '<p>Első sor\nMásodik sor</p>',
      metaTitle: 'Kék bögre olcsón',
      // Excel would run it as a formula: the apostrophe keeps it text.
      metaDescription: `'=HYPERLINK("x")`,
      slug: 'kek-bogre',
    });

    const [polo, medium, large] = rows.slice(1);
    expect(polo).toMatchObject({ name: 'Póló', price: '5990', stock: '5', options: '', enabled: 'igen' });
    expect(medium).toEqual({
      ...Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, ''])),
      sku: 'POLO-M-KEK',
      parentSku: 'POLO',
      options: 'Méret: M | Szín: kék',
      stock: '5',
      ean: '5990000000017',
      enabled: 'igen',
    });
    expect(large).toMatchObject({
      sku: 'POLO-L-KEK',
      parentSku: 'POLO',
      options: 'Méret: L | Szín: kék',
      price: '6490',
      stock: '0',
      enabled: 'nem',
      name: '',
      categories: '',
    });
  });

  it('quotes `;`, quotes and line breaks and defuses a leading "=" as csv.ts does', async () => {
    const { text } = await exportCsv({ search: 'BOG-001' });
    const line = text.slice(1).split('\r\n')[1]!;
    expect(line.startsWith('BOG-001;;"Kék bögre; ""nagy""";;4990;3990;2026-03-01 14:05;')).toBe(true);
    expect(text).toContain(
      ';"<p>Első sor\nMásodik sor</p>";Kék bögre olcsón;"\'=HYPERLINK(""x"")";kek-bogre\r\n',
    );
  });

  it('exports only what the list filters select, in the list order', async () => {
    const skus = async (input: Parameters<typeof exportCsv>[0]) =>
      csvRows((await exportCsv(input)).text).map((row) => row.sku);
    expect(await skus({ state: 'disabled' })).toEqual(['TANYER']);
    expect(await skus({ featured: true })).toEqual(['BOG-001']);
    expect(await skus({ search: 'póló' })).toEqual(['POLO', 'POLO-M-KEK', 'POLO-L-KEK']);
    expect(await skus({ categoryId: kitchen, sort: 'price-desc' })).toEqual([
      'POLO',
      'POLO-M-KEK',
      'POLO-L-KEK',
      'BOG-001',
      'TANYER',
    ]);
    expect(await skus({ categoryId: kitchen, state: 'enabled', sort: 'price-asc' })).toEqual([
      'BOG-001',
      'POLO',
      'POLO-M-KEK',
      'POLO-L-KEK',
    ]);
  });

  it('writes an XLSX with the same cells, a bold frozen header, prices as numbers and "=" as text', async () => {
    const file = await admin.caller.product.export({ categoryId: mugs, sort: 'name', format: 'xlsx' });
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.filename).toMatch(/^termekek-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await readXlsx(file);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);

    const csv = csvRows((await exportCsv({ categoryId: mugs, sort: 'name' })).text);
    expect(sheet.rowCount).toBe(csv.length + 1);
    PRODUCT_FIELDS.forEach((field, i) => {
      expect(sheet.getRow(1).getCell(i + 1).value).toBe(FIELD_HEADERS[field]);
    });
    csv.forEach((row, r) => {
      const cells = sheet.getRow(r + 2);
      PRODUCT_FIELDS.forEach((field, i) => {
        const value = cells.getCell(i + 1).value;
        const expected = field === 'metaDescription' ? row[field].replace(/^'/, '') : row[field];
        expect(value === null ? '' : String(value), `${row.sku} ${field}`).toBe(expected);
      });
    });
    const mug = sheet.getRow(2);
    const price = mug.getCell(PRODUCT_FIELDS.indexOf('price') + 1);
    expect(price.type).toBe(ExcelJS.ValueType.Number);
    expect(price.value).toBe(4990);
    const meta = mug.getCell(PRODUCT_FIELDS.indexOf('metaDescription') + 1);
    expect(meta.type).toBe(ExcelJS.ValueType.String);
    expect(meta.value).toBe('=HYPERLINK("x")');
  });

  it(`reads ${EXPORT_PAGE_SIZE}+ products page by page and keeps the list order`, async () => {
    const bulk = (await admin.caller.category.create({ descriptions: [{ language: 'hu', title: 'Tömeg' }] }))
      .id;
    const count = EXPORT_PAGE_SIZE + 220;
    const code = (i: number) => `TOMEG-${String(i).padStart(4, '0')}`;
    await db.prisma.$transaction(async (tx) => {
      const created = await tx.product.createManyAndReturn({
        data: Array.from({ length: count }, (_, i) => ({
          slug: code(i).toLowerCase(),
          kutiId: code(i),
          grossPrice: 1000 + i,
        })),
        select: { id: true, kutiId: true },
      });
      await tx.description.createMany({
        data: created.map(({ id, kutiId }) => ({
          productId: id,
          language: 'hu',
          title: `Tömegtermék ${kutiId}`,
        })),
      });
      await tx.productCategory.createMany({
        data: created.map(({ id }) => ({ productId: id, categoryId: bulk, primary: true })),
      });
      await bumpCatalogue(tx);
    });
    invalidateCatalogue(cacheFor(db.prisma));

    const rows = csvRows((await exportCsv({ categoryId: bulk, sort: 'price-desc' })).text);
    expect(rows).toHaveLength(count);
    expect(rows.map((row) => row.sku)).toEqual(Array.from({ length: count }, (_, i) => code(count - 1 - i)));
    expect(rows.at(-1)).toMatchObject({ price: '1000', categories: 'Tömeg' });

    const sheet = await readXlsx(
      await admin.caller.product.export({ categoryId: bulk, sort: 'price-desc', format: 'xlsx' }),
    );
    expect(sheet.rowCount).toBe(count + 1);
    expect(sheet.getRow(2).getCell(1).value).toBe(rows[0]!.sku);
    expect(sheet.getRow(count + 1).getCell(1).value).toBe('TOMEG-0000');
  });

  it('refuses a bad format in Hungarian, a shopper with 403 and a stranger with 401', async () => {
    await expectTrpcError(
      admin.caller.product.export({ format: 'pdf' as never }),
      'BAD_REQUEST',
      /csv vagy xlsx/,
    );
    const shopper = await createCustomer(db.prisma);
    await expectTrpcError(shopper.caller.product.export({}), 'FORBIDDEN');
    await expectTrpcError((await callerFor(db.prisma)).product.export({}), 'UNAUTHORIZED');
  });
});
