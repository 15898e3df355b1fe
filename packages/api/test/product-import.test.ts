import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor } from '../src/cache';
import { PRODUCT_FIELDS } from '../src/schemas/product-sheet';
import { runDueImports } from '../src/services/product-import/apply-worker';
import { pictureFetcher } from '../src/services/product-import/fetch-picture';
import { FIELD_HEADERS } from '../src/services/product-transfer/columns';
import { zipOf } from '../src/testing/zip';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

// Sheets written for these tests in the shapes the engines export: a Shoprenter-style sheet with
// `;`, a WooCommerce one with `,` and kilograms, and our own columns. Each goes through upload, the
// dry run (which must write nothing) and the background apply, as the admin screen drives them.
const PUBLIC_URL = 'http://localhost:3000';

let db: Database;
let admin: SignedIn;
let shopper: SignedIn;
let guest: Caller;
let pictures: Server;
let picturesUrl = '';
let png: Buffer;

const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

async function applyPending(allowPrivateTargets = true): Promise<void> {
  await runDueImports({
    prisma: db.prisma,
    cache: cacheFor(db.prisma),
    publicUrl: PUBLIC_URL,
    fetchPicture: pictureFetcher({ allowPrivateTargets }),
  });
}

/** Uploads a sheet, runs the dry run with the offered mapping and answers the job and its rows. */
async function dryRun(fileName: string, content: string | Buffer) {
  const uploaded = await admin.caller.productImport.upload({ fileName, dataBase64: base64(content) });
  const checked = await admin.caller.productImport.check({
    id: uploaded.id,
    mapping: uploaded.mapping,
    preset: uploaded.preset,
  });
  const rows = await admin.caller.productImport.rows({ id: uploaded.id, page: 1, pageSize: 500 });
  return { uploaded, checked, rows: rows.items };
}

async function importWhole(fileName: string, content: string | Buffer) {
  const run = await dryRun(fileName, content);
  await admin.caller.productImport.start({ id: run.uploaded.id });
  await applyPending();
  return { ...run, done: await admin.caller.productImport.get({ id: run.uploaded.id }) };
}

const SHOPRENTER = [
  'Cikkszám;Termék neve;Bruttó ár;Raktárkészlet;Kategória;Gyártó;Leírás;Termék státusza',
  'SR-001;Pöttyös bögre;2 990;12;Konyha > Bögrék;Kék Bögre Kft.;<p>Kézzel festett</p>;1',
  'SR-002;Csíkos tányér;4 490 Ft;3;Konyha > Tányérok|Ajándék;Kék Bögre Kft.;;1',
  'SR-003;Hibás árú kancsó;abc;1;Konyha;;;1',
].join('\r\n');

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
  shopper = await createCustomer(db.prisma);
  guest = await callerFor(db.prisma);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  pictures = createServer((request, response) => {
    if (request.url === '/kep.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  picturesUrl = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => pictures?.close(resolve));
  await db?.close();
});

describe('product import', () => {
  it('refuses shoppers and strangers', async () => {
    const input = { fileName: 'a.csv', dataBase64: base64(SHOPRENTER) };
    await expectTrpcError(shopper.caller.productImport.upload(input), 'FORBIDDEN');
    await expectTrpcError(guest.productImport.upload(input), 'UNAUTHORIZED');
    await expectTrpcError(guest.productImport.list(), 'UNAUTHORIZED');
  });

  it('recognises a Shoprenter sheet, and its dry run says what would happen and writes nothing', async () => {
    const before = await db.prisma.product.count();
    const categoriesBefore = await db.prisma.category.count();
    const { uploaded, checked, rows } = await dryRun('shoprenter.csv', SHOPRENTER);
    expect(uploaded.preset).toBe('shoprenter');
    expect(uploaded.mapping).toMatchObject({
      Cikkszám: 'sku',
      'Termék neve': 'name',
      'Bruttó ár': 'price',
      Raktárkészlet: 'stock',
      Kategória: 'categories',
      Gyártó: 'brand',
    });
    expect(checked).toMatchObject({ status: 'checked', created: 2, changed: 0, unchanged: 0, refused: 1 });
    expect(rows.map((row) => [row.rowNumber, row.outcome])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'refused'],
    ]);
    expect(rows[2]?.message).toContain('Ár: „abc” nem értelmezhető.');
    expect(rows[0]?.message).toContain('új kategória: Konyha > Bögrék');
    expect(rows[0]?.changes).toContainEqual({ field: 'Bruttó ár (Ft)', from: '', to: '2990' });
    expect(await db.prisma.product.count()).toBe(before);
    expect(await db.prisma.category.count()).toBe(categoriesBefore);
  });

  it('applies a checked sheet in the background: products, categories and brand appear in the shop', async () => {
    const { done } = await importWhole('shoprenter.csv', SHOPRENTER);
    expect(done).toMatchObject({ status: 'done', processedRows: 3, created: 2, refused: 1 });
    const created = await admin.caller.productImport.rows({
      id: done.id,
      outcome: 'created',
      page: 1,
      pageSize: 5,
    });
    const ids = await db.prisma.product.findMany({
      where: { kutiId: { in: ['SR-001', 'SR-002'] } },
      orderBy: { kutiId: 'asc' },
    });
    expect(created.items.map((row) => row.productId)).toEqual(ids.map((product) => product.id));
    const mug = await db.prisma.product.findUniqueOrThrow({
      where: { kutiId: 'SR-001' },
      include: {
        descriptions: true,
        categories: {
          include: {
            category: { include: { descriptions: true, parent: { include: { descriptions: true } } } },
          },
        },
        propertyValues: {
          include: {
            propertyValue: { include: { descriptions: true, property: { include: { descriptions: true } } } },
          },
        },
      },
    });
    expect(mug).toMatchObject({ grossPrice: 2990, stock: 12, enabled: true });
    expect(mug.descriptions[0]).toMatchObject({ title: 'Pöttyös bögre', body: '<p>Kézzel festett</p>' });
    const category = mug.categories[0]?.category;
    expect(category?.descriptions[0]?.title).toBe('Bögrék');
    expect(category?.parent?.descriptions[0]?.title).toBe('Konyha');
    const brand = mug.propertyValues[0]?.propertyValue;
    expect(brand?.property.descriptions[0]?.title).toBe('Márka');
    expect(brand?.descriptions[0]?.title).toBe('Kék Bögre Kft.');
    const found = await guest.product.quickSearch({ query: 'Pöttyös' });
    expect(JSON.stringify(found)).toContain('Pöttyös bögre');
    // The plate's two categories; "Konyha" was created once for both rows.
    const plate = await db.prisma.product.findUniqueOrThrow({
      where: { kutiId: 'SR-002' },
      select: { categories: true },
    });
    expect(plate.categories).toHaveLength(2);
    expect(await db.prisma.category.count({ where: { descriptions: { some: { title: 'Konyha' } } } })).toBe(
      1,
    );
  });

  it('the same sheet again changes nothing and writes no price history', async () => {
    const historyBefore = await db.prisma.productPriceHistory.count();
    const versionBefore = await db.prisma.cacheVersion.findMany({ orderBy: { key: 'asc' } });
    const { checked, done } = await importWhole('shoprenter.csv', SHOPRENTER);
    expect(checked).toMatchObject({ created: 0, changed: 0, unchanged: 2, refused: 1 });
    expect(done).toMatchObject({ status: 'done', created: 0, changed: 0, unchanged: 2 });
    expect(await db.prisma.productPriceHistory.count()).toBe(historyBefore);
    expect(await db.prisma.cacheVersion.findMany({ orderBy: { key: 'asc' } })).toEqual(versionBefore);
  });

  it('counts a stored text that only differs by a trailing space as unchanged, and leaves it as stored', async () => {
    // A sheet's cells are read trimmed; a text stored with a space at its end must not be "changed" by every
    // import of an unchanged export.
    const product = await db.prisma.product.findUniqueOrThrow({ where: { kutiId: 'SR-001' } });
    await db.prisma.description.updateMany({
      where: { productId: product.id, language: 'hu' },
      data: { title: 'Pöttyös bögre ', body: '<p>Kézzel festett</p> ' },
    });
    const { checked, done } = await importWhole('shoprenter.csv', SHOPRENTER);
    expect(checked).toMatchObject({ created: 0, changed: 0, unchanged: 2, refused: 1 });
    expect(done).toMatchObject({ status: 'done', changed: 0, unchanged: 2 });
    expect(
      await db.prisma.description.findFirst({
        where: { productId: product.id, language: 'hu' },
        select: { title: true, body: true },
      }),
    ).toEqual({ title: 'Pöttyös bögre ', body: '<p>Kézzel festett</p> ' });
    await db.prisma.description.updateMany({
      where: { productId: product.id, language: 'hu' },
      data: { title: 'Pöttyös bögre', body: '<p>Kézzel festett</p>' },
    });
  });

  it('reads a UNAS export: its column names, sale price and category levels split by |', async () => {
    const sheet = [
      'Cikkszám;Termék Név;Nettó Ár;Bruttó Ár;Akciós Bruttó Ár;Raktárkészlet;Kategória;Vonalkód',
      'UN-1;Mázas tál;7 866;9 990;8 990;4;Konyha|Tálak,Ajándék;5996123000018',
    ].join('\r\n');
    const { uploaded, done } = await importWhole('unas-export.csv', sheet);
    expect(uploaded.preset).toBe('unas');
    expect(uploaded.mapping).toMatchObject({
      'Termék Név': 'name',
      'Bruttó Ár': 'price',
      'Akciós Bruttó Ár': 'salePrice',
    });
    expect(uploaded.mapping['Nettó Ár']).toBeUndefined();
    expect(done).toMatchObject({ created: 1, refused: 0 });
    const bowl = await db.prisma.product.findUniqueOrThrow({
      where: { kutiId: 'UN-1' },
      select: {
        grossPrice: true,
        salePrice: true,
        ean: true,
        categories: { select: { category: { select: { parent: { select: { id: true } } } } } },
      },
    });
    expect(bowl).toMatchObject({ grossPrice: 9990, salePrice: 8990, ean: '5996123000018' });
    expect(bowl.categories.map((link) => link.category.parent !== null).sort()).toEqual([false, true]);
  });

  it('maps a column the detected engine does not name as another engine would', async () => {
    const sheet = [
      'Cikkszám;Termék neve;Bruttó ár;Raktárkészlet;Rövid leírás',
      'MIX-1;Vegyes fejléc;990;2;Rövid',
    ].join('\r\n');
    const uploaded = await admin.caller.productImport.upload({
      fileName: 'vegyes.csv',
      dataBase64: base64(sheet),
    });
    expect(uploaded.preset).toBe('unas');
    expect(uploaded.mapping).toMatchObject({
      Cikkszám: 'sku',
      'Termék neve': 'name',
      'Bruttó ár': 'price',
      Raktárkészlet: 'stock',
    });
  });

  it('remembers the mapping an owner chose for sheets with the same headers', async () => {
    const first = await admin.caller.productImport.upload({
      fileName: 'x.csv',
      dataBase64: base64(SHOPRENTER),
    });
    const mapping = { ...first.mapping };
    delete mapping.Leírás;
    await admin.caller.productImport.check({ id: first.id, mapping, preset: 'shoprenter' });
    const again = await admin.caller.productImport.upload({
      fileName: 'y.csv',
      dataBase64: base64(SHOPRENTER),
    });
    expect(again.mappingRemembered).toBe(true);
    expect(again.mapping).toEqual(mapping);
  });

  it('shows a changed field old → new and applies only what changed', async () => {
    const sheet = SHOPRENTER.replace('SR-001;Pöttyös bögre;2 990;12', 'SR-001;Pöttyös bögre;3 290;12');
    const { rows, done } = await importWhole('shoprenter.csv', sheet);
    const changed = rows.find((row) => row.sku === 'SR-001');
    expect(changed).toMatchObject({
      outcome: 'changed',
      changes: [{ field: 'Bruttó ár (Ft)', from: '2990', to: '3290' }],
    });
    expect(done).toMatchObject({ changed: 1, unchanged: 1 });
    expect(
      await db.prisma.product.findUnique({ where: { kutiId: 'SR-001' }, select: { grossPrice: true } }),
    ).toEqual({
      grossPrice: 3290,
    });
  });

  it('reads a WooCommerce export: commas, kilograms, drafts, several categories and a picture by address', async () => {
    const sheet = [
      'ID,Type,SKU,Name,Published,"Is featured?",Regular price,Sale price,Date sale price starts,Stock,Weight (kg),Categories,Images',
      `1,simple,WC-1,Lenvászon kötény,1,1,"8990","7990",2026-12-01,5,0.35,"Konyhatextil > Kötények, Ajándék",${picturesUrl}/kep.png`,
      '2,simple,WC-2,Vázlat termék,-1,0,1000,,,1,,Ajándék,',
    ].join('\n');
    const { uploaded, checked, done } = await importWhole('wc-product-export.csv', sheet);
    expect(uploaded.preset).toBe('woocommerce');
    expect(checked).toMatchObject({ created: 2, refused: 0 });
    expect(done).toMatchObject({ status: 'done', created: 2 });
    const apron = await db.prisma.product.findUniqueOrThrow({
      where: { kutiId: 'WC-1' },
      select: {
        weightGrams: true,
        featured: true,
        salePrice: true,
        saleStartsAt: true,
        categories: true,
        images: { select: { media: true } },
      },
    });
    // WooCommerce's sale date is the start of that day in the shop's time: Budapest midnight, 23:00 UTC.
    expect(apron).toMatchObject({ weightGrams: 350, featured: true, salePrice: 7990 });
    expect(apron.saleStartsAt?.toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(apron.categories).toHaveLength(2);
    expect(apron.images[0]?.media).toMatchObject({ originalName: `${picturesUrl}/kep.png`, width: 40 });
    const draft = await db.prisma.product.findUniqueOrThrow({
      where: { kutiId: 'WC-2' },
      select: { enabled: true },
    });
    expect(draft.enabled).toBe(false);
    // The picture is found by its address next time, not fetched again.
    const again = await dryRun('wc-product-export.csv', sheet);
    expect(again.checked).toMatchObject({ created: 0, changed: 0, unchanged: 2 });
  });

  it('takes pictures by file name from a ZIP uploaded beside the sheet, and finds them again next time', async () => {
    const sheet = ['Cikkszám;Termék neve;Bruttó ár;Kép', 'ZIP-1;Képes bögre;2490;kepek/Bogre.PNG'].join(
      '\r\n',
    );
    const uploaded = await admin.caller.productImport.upload({
      fileName: 'zip.csv',
      dataBase64: base64(sheet),
    });
    expect(uploaded.mapping).toMatchObject({ Kép: 'images' });
    const check = () =>
      admin.caller.productImport.check({
        id: uploaded.id,
        mapping: uploaded.mapping,
        preset: uploaded.preset,
      });
    const rowsOf = async () =>
      (await admin.caller.productImport.rows({ id: uploaded.id, page: 1, pageSize: 5 })).items;
    expect(await check()).toMatchObject({ refused: 1 });
    expect((await rowsOf())[0]?.message).toContain('Nincs ilyen kép a feltöltött képcsomagban');
    await expectTrpcError(
      admin.caller.productImport.attachPictures({ id: uploaded.id, dataBase64: base64('nem zip') }),
      'BAD_REQUEST',
      /ZIP-fájl nem olvasható/,
    );
    const zip = zipOf({ 'kepek/bogre.png': png, 'leiras.txt': Buffer.from('x') });
    const attached = await admin.caller.productImport.attachPictures({
      id: uploaded.id,
      dataBase64: base64(zip),
    });
    expect(attached.pictureCount).toBe(2);
    expect(await check()).toMatchObject({ created: 1, refused: 0 });
    expect((await rowsOf())[0]?.message).toContain('1 új kép');
    await admin.caller.productImport.start({ id: uploaded.id });
    await applyPending();
    const mug = await db.prisma.product.findUniqueOrThrow({
      where: { kutiId: 'ZIP-1' },
      select: { images: { select: { media: { select: { width: true, originalName: true } } } } },
    });
    expect(mug.images).toHaveLength(1);
    expect(mug.images[0]?.media.width).toBe(40);
    const again = await admin.caller.productImport.upload({ fileName: 'zip.csv', dataBase64: base64(sheet) });
    await admin.caller.productImport.attachPictures({ id: again.id, dataBase64: base64(zip) });
    expect(
      await admin.caller.productImport.check({ id: again.id, mapping: again.mapping, preset: again.preset }),
    ).toMatchObject({ unchanged: 1, created: 0, changed: 0 });
  });

  it('never fetches a picture from a private or loopback address unless allowed, and refuses that row whole', async () => {
    const sheet = ['SKU,Name,Regular price,Images', `WC-9,Helyi kép,1990,${picturesUrl}/kep.png?masik`].join(
      '\n',
    );
    const run = await dryRun('wc.csv', sheet);
    await admin.caller.productImport.start({ id: run.uploaded.id });
    await applyPending(false);
    const rows = await admin.caller.productImport.rows({ id: run.uploaded.id, page: 1, pageSize: 10 });
    expect(rows.items[0]).toMatchObject({ outcome: 'refused' });
    expect(rows.items[0]?.message).toContain('helyi vagy belső hálózati címre mutat');
    expect(await db.prisma.product.count({ where: { kutiId: 'WC-9' } })).toBe(0);
  });

  it('refuses a code met twice, a sale not below its price, a variant without its product and 51 pictures', async () => {
    const headers = PRODUCT_FIELDS.map((field) => FIELD_HEADERS[field]);
    const row = (values: Partial<Record<(typeof PRODUCT_FIELDS)[number], string>>) =>
      PRODUCT_FIELDS.map((field) => values[field] ?? '').join(';');
    const sheet = [
      headers.join(';'),
      row({ sku: 'OWN-1', name: 'Saját bögre', price: '1990', vatClass: '27', stock: '4' }),
      row({ sku: 'OWN-1', name: 'Saját bögre újra', price: '2990' }),
      row({ sku: 'OWN-2', name: 'Drága akció', price: '1000', salePrice: '1200' }),
      row({ sku: 'OWN-3', parentSku: 'NINCS', stock: '2' }),
      row({ sku: '', name: 'Kód nélkül', price: '500' }),
      row({
        sku: 'OWN-4',
        name: 'Sok képes bögre',
        price: '990',
        images: Array.from({ length: 51 }, (_, i) => `https://kepek.example.hu/${i}.jpg`).join(' | '),
      }),
    ].join('\r\n');
    const { uploaded, rows } = await dryRun('sajat.csv', `\uFEFF${sheet}`);
    expect(uploaded.preset).toBe('sajat');
    expect(rows.map((item) => item.outcome)).toEqual([
      'created',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
    expect(rows[1]?.message).toContain('már szerepelt a(z) 2. sorban');
    expect(rows[2]?.message).toContain('a listaárnál (1000 Ft) kisebb legyen');
    expect(rows[3]?.message).toContain('Nincs „NINCS” cikkszámú termék sem a boltban');
    expect(rows[4]?.message).toContain('Hiányzik a cikkszám');
    // A count limit before any picture is fetched.
    expect(rows[5]?.message).toBe('Egy terméknek legfeljebb 50 képe lehet; ebben a sorban 51 van.');
    const report = await admin.caller.productImport.report({ id: uploaded.id });
    expect(report.content.startsWith('\uFEFFSor;Cikkszám;Név;Eredmény;Változások;Megjegyzés')).toBe(true);
    expect(report.content).toContain('elutasítva');
  });

  it('adds new sizes and colours from variant rows, to a product the sheet creates and to one the shop has', async () => {
    const headers = PRODUCT_FIELDS.map((field) => FIELD_HEADERS[field]);
    const row = (values: Partial<Record<(typeof PRODUCT_FIELDS)[number], string>>) =>
      PRODUCT_FIELDS.map((field) => values[field] ?? '').join(';');
    const sheet = (...rows: string[]) => `\uFEFF${[headers.join(';'), ...rows].join('\r\n')}`;
    const first = await importWhole(
      'polo.csv',
      sheet(
        row({ sku: 'POLO', name: 'Pamut póló', price: '4990', vatClass: '27' }),
        row({ sku: 'POLO-S-PIROS', parentSku: 'POLO', options: 'Méret: S | Szín: piros', stock: '3' }),
        // The options in another order, with a price of its own.
        row({
          sku: 'POLO-M-PIROS',
          parentSku: 'POLO',
          options: 'Szín: piros | Méret: M',
          stock: '2',
          price: '5490',
        }),
        row({ sku: 'POLO-S-PIROS-2', parentSku: 'POLO', options: 'Méret: S | Szín: Piros', stock: '1' }),
        row({ sku: 'POLO-L', parentSku: 'POLO', options: 'Méret: L', stock: '1' }),
        row({ sku: 'KESOBB-S', parentSku: 'KESOBB', options: 'Méret: S' }),
        row({ sku: 'KESOBB', name: 'Később jövő póló', price: '3990' }),
        row({ sku: 'ROSSZ', name: 'Ár nélküli póló' }),
        row({ sku: 'ROSSZ-S', parentSku: 'ROSSZ', options: 'Méret: S' }),
      ),
    );
    expect(first.rows.map((item) => [item.sku, item.outcome])).toEqual([
      ['POLO', 'created'],
      ['POLO-S-PIROS', 'created'],
      ['POLO-M-PIROS', 'created'],
      ['POLO-S-PIROS-2', 'refused'],
      ['POLO-L', 'refused'],
      ['KESOBB-S', 'refused'],
      ['KESOBB', 'created'],
      ['ROSSZ', 'refused'],
      ['ROSSZ-S', 'refused'],
    ]);
    const message = (sku: string) => first.rows.find((item) => item.sku === sku)?.message;
    expect(message('POLO-S-PIROS-2')).toBe(
      'A termék már árulja ezt a változatot (Méret: S, Szín: Piros) más cikkszámmal.',
    );
    expect(message('POLO-L')).toContain('A termék opciói: Méret, Szín');
    expect(message('KESOBB-S')).toContain('a változat sora a terméke után jöjjön');
    expect(message('ROSSZ-S')).toContain('„ROSSZ” termék sora elutasítva');
    expect(first.rows[1]?.changes).toEqual([
      { field: 'Változat', from: '', to: 'Méret: S | Szín: piros' },
      { field: 'Készlet', from: '', to: '3' },
    ]);
    expect(first.done).toMatchObject({ status: 'done', created: 4, refused: 5 });

    const polo = await db.prisma.product.findUniqueOrThrow({
      where: { kutiId: 'POLO' },
      select: { id: true },
    });
    const shown = await guest.product.byId({ id: polo.id });
    expect(shown.options.map((option) => [option.title, option.values.map((value) => value.title)])).toEqual([
      ['Méret', ['S', 'M']],
      ['Szín', ['piros']],
    ]);
    expect(
      shown.variants.map((variant) => [variant.kutiId, variant.title, variant.stock, variant.price]),
    ).toEqual([
      ['POLO-S-PIROS', 'S, piros', 3, 4990],
      ['POLO-M-PIROS', 'M, piros', 2, 5490],
    ]);
    expect(shown.stock).toBe(5);
    const rows = await admin.caller.productImport.rows({ id: first.uploaded.id, outcome: 'created' });
    expect(rows.items.find((item) => item.sku === 'POLO-M-PIROS')?.productId).toBe(polo.id);

    // A later sheet adds a colour to the product the shop now has; its sizes keep their ids and stock.
    const second = await importWhole(
      'polo-kek.csv',
      sheet(row({ sku: 'POLO-L-KEK', parentSku: 'POLO', options: 'Méret: L | Szín: kék', stock: '4' })),
    );
    expect(second.done).toMatchObject({ created: 1, refused: 0 });
    const again = await guest.product.byId({ id: polo.id });
    expect(again.variants.map((variant) => [variant.id, variant.kutiId, variant.stock])).toEqual([
      ...shown.variants.map((variant) => [variant.id, variant.kutiId, variant.stock]),
      [expect.any(Number), 'POLO-L-KEK', 4],
    ]);
    expect(again.stock).toBe(9);

    // An oversold size (stock below zero) counts as none in the product's sum, as it does everywhere.
    await db.prisma.productVariant.update({ where: { kutiId: 'POLO-S-PIROS' }, data: { stock: -2 } });
    await importWhole('polo-keszlet.csv', sheet(row({ sku: 'POLO-M-PIROS', parentSku: 'POLO', stock: '6' })));
    expect((await guest.product.byId({ id: polo.id })).stock).toBe(10);
  });

  it('starts once however often it is pressed, and not before its dry run', async () => {
    const sheet = ['SKU,Name,Regular price', 'ONCE-1,Egyszer,1000'].join('\n');
    const uploaded = await admin.caller.productImport.upload({
      fileName: 'o.csv',
      dataBase64: base64(sheet),
    });
    await expectTrpcError(admin.caller.productImport.start({ id: uploaded.id }), 'CONFLICT', /próbát/);
    await admin.caller.productImport.check({
      id: uploaded.id,
      mapping: uploaded.mapping,
      preset: uploaded.preset,
    });
    await Promise.all([
      admin.caller.productImport.start({ id: uploaded.id }),
      admin.caller.productImport.start({ id: uploaded.id }),
    ]);
    await applyPending();
    await admin.caller.productImport.start({ id: uploaded.id });
    await applyPending();
    const done = await admin.caller.productImport.get({ id: uploaded.id });
    expect(done).toMatchObject({ status: 'done', created: 1, processedRows: 1 });
    await expectTrpcError(
      admin.caller.productImport.check({ id: uploaded.id, mapping: uploaded.mapping, preset: null }),
      'CONFLICT',
    );
  });

  it('a job picked up again after a crash writes no row twice', async () => {
    const sheet = ['SKU,Name,Regular price,Stock', 'RE-1,Újra 1,1000,1', 'RE-2,Újra 2,2000,2'].join('\n');
    const { uploaded, done } = await importWhole('re.csv', sheet);
    expect(done).toMatchObject({ created: 2 });
    // As if the server died before recording its progress: the job comes due again from row 0.
    await db.prisma.productImport.update({
      where: { id: uploaded.id },
      data: { status: 'pending', processedRows: 0, created: 0, nextAttemptAt: new Date(0) },
    });
    await applyPending();
    expect(await db.prisma.product.count({ where: { kutiId: { in: ['RE-1', 'RE-2'] } } })).toBe(2);
    expect(await admin.caller.productImport.get({ id: uploaded.id })).toMatchObject({
      status: 'done',
      unchanged: 2,
    });
    const recent = (await admin.caller.productImport.list()).items;
    expect(recent[0]).toMatchObject({ id: uploaded.id, fileName: 're.csv', status: 'done', unchanged: 2 });
    expect(recent.map((job) => job.id)).toEqual(recent.map((job) => job.id).sort((a, b) => b - a));
  });

  it('refuses an unreadable file, a mapping without the code column and a column the sheet lacks', async () => {
    await expectTrpcError(
      admin.caller.productImport.upload({ fileName: 'ures.csv', dataBase64: base64('Cikkszám;Név\r\n') }),
      'BAD_REQUEST',
      /nincs egy termék sora sem/,
    );
    const uploaded = await admin.caller.productImport.upload({
      fileName: 's.csv',
      dataBase64: base64(SHOPRENTER),
    });
    await expectTrpcError(
      admin.caller.productImport.check({ id: uploaded.id, mapping: { 'Termék neve': 'name' }, preset: null }),
      'BAD_REQUEST',
      /cikkszám oszlopát/,
    );
    await expectTrpcError(
      admin.caller.productImport.check({ id: uploaded.id, mapping: { Nincs: 'sku' }, preset: null }),
      'BAD_REQUEST',
      /nincs „Nincs” oszlop/,
    );
  });

  it('reads a Windows-1250 CSV as Hungarian Excel saves it', async () => {
    const text = 'Cikkszám;Termék neve;Bruttó ár\r\nW-1;Őszi körte lekvár;1290\r\n';
    // Windows-1250 bytes by hand (ő and Ő are not where Latin-1 has them).
    const cp1250 = Buffer.from(
      [...text].map(
        (char) =>
          ({ ő: 0xf5, Ő: 0xd5, ű: 0xfb, á: 0xe1, é: 0xe9, ö: 0xf6, í: 0xed })[char] ?? char.charCodeAt(0),
      ),
    );
    const { rows } = await dryRun('excel.csv', cp1250);
    expect(rows[0]).toMatchObject({ sku: 'W-1', name: 'Őszi körte lekvár', outcome: 'created' });
  });
});

describe('a 10 000-row sheet', () => {
  it('is applied whole: every product, its category and brand, in batches the job records', async () => {
    const lines = ['Cikkszám;Termék neve;Bruttó ár;Raktárkészlet;Kategória;Gyártó'];
    for (let row = 0; row < 10_000; row++) {
      lines.push(
        `N-${row};Nagy tétel ${row};${1000 + row};${row % 50};Nagykereskedés > Polc ${row % 20};Gyártó ${row % 10}`,
      );
    }
    const { checked, done } = await importWhole('nagy.csv', lines.join('\r\n'));
    expect(checked).toMatchObject({ created: 10_000, refused: 0 });
    expect(done).toMatchObject({ status: 'done', processedRows: 10_000, created: 10_000 });
    expect(await db.prisma.product.count({ where: { kutiId: { startsWith: 'N-' } } })).toBe(10_000);
    const last = await db.prisma.product.findUniqueOrThrow({
      where: { kutiId: 'N-9999' },
      select: { grossPrice: true, stock: true, lowestPrice30d: true, categories: true, propertyValues: true },
    });
    expect(last).toMatchObject({ grossPrice: 10_999, stock: 49, lowestPrice30d: 10_999 });
    expect(last.categories).toHaveLength(1);
    expect(last.propertyValues).toHaveLength(1);
    expect(
      await db.prisma.category.count({
        where: { descriptions: { some: { title: { startsWith: 'Polc ' } } } },
      }),
    ).toBe(20);
    expect(
      await db.prisma.productPriceHistory.count({ where: { product: { kutiId: { startsWith: 'N-' } } } }),
    ).toBe(10_000);
  });
});
