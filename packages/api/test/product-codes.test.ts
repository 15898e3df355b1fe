import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor } from '../src/cache';
import { PRODUCT_FIELDS } from '../src/schemas/product-sheet';
import { runDueImports } from '../src/services/product-import/apply-worker';
import { pictureFetcher } from '../src/services/product-import/fetch-picture';
import { FIELD_HEADERS } from '../src/services/product-transfer/columns';
import { createAdmin, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

// A product code is one code whatever its case: "ABC-1" and "abc-1" cannot both exist, among products,
// among variants or between the two. Every writer of codes answers such a clash as it answers an exact
// one, a 409 naming the code, never a 500 from the database's unique index; and every lookup by code
// (stock sync, update without an id, the import) finds "ABC-1" by "abc-1", leaving its letters alone.

let db: Database;
let admin: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
});
afterAll(() => db?.close());

const PRODUCT_TAKEN = (code: string) => new RegExp(`„${code}” termékkód már egy másik termékhez tartozik\\.`);
const CODE_TAKEN = (code: string) =>
  new RegExp(`„${code}” termékkód már egy másik termékhez vagy változathoz tartozik\\.`);

async function newProduct(title: string, kutiId?: string): Promise<number> {
  const product = await admin.caller.product.update({
    price: 1990,
    stock: 2,
    ...(kutiId ? { kutiId } : {}),
    descriptions: [{ language: 'hu', title }],
  });
  return product.id;
}

/** A product sold in one size, whose variant has the code given. */
async function productWithVariant(title: string, variantCode: string): Promise<number> {
  const id = await newProduct(title);
  await admin.caller.product.variants({
    product: id,
    options: [{ title: 'Méret', values: [{ title: 'M' }] }],
    variants: [{ values: ['M'], kutiId: variantCode }],
  });
  return id;
}

const sizes = (code: string) => ({
  options: [{ title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] }],
  variants: [{ values: ['S'] }, { values: ['M'], kutiId: code }],
});

/** How many codes of products and variants equal `code` ignoring case. */
async function holders(code: string): Promise<number> {
  const where = { kutiId: { equals: code, mode: 'insensitive' as const } };
  return (await db.prisma.product.count({ where })) + (await db.prisma.productVariant.count({ where }));
}

describe('product codes differing only in case', () => {
  it('a product may not change its code to another product’s in other letters, but may change its own case', async () => {
    await newProduct('Csíkos tányér', 'TANYER-1');
    const plate = await newProduct('Lapos tányér', 'TANYER-2');
    await expectTrpcError(
      admin.caller.product.update({ id: plate, kutiId: 'Tanyer-1' }),
      'CONFLICT',
      PRODUCT_TAKEN('Tanyer-1'),
    );
    expect(await db.prisma.product.findUniqueOrThrow({ where: { id: plate } })).toMatchObject({
      kutiId: 'TANYER-2',
    });
    const renamed = await admin.caller.product.update({ id: plate, kutiId: 'tanyer-2' });
    expect(renamed.kutiId).toBe('tanyer-2');
  });

  it('a product may take no variant’s code in other letters, neither when created nor when changed', async () => {
    await productWithVariant('Póló', 'POLO-M');
    const mug = await newProduct('Bögre póló mintával', 'POLO-BOGRE');
    await expectTrpcError(
      admin.caller.product.update({ id: mug, kutiId: 'polo-m' }),
      'CONFLICT',
      CODE_TAKEN('polo-m'),
    );
    await expectTrpcError(
      admin.caller.product.update({
        kutiId: 'Polo-M',
        price: 990,
        descriptions: [{ language: 'hu', title: 'Póló M' }],
      }),
      'CONFLICT',
      CODE_TAKEN('Polo-M'),
    );
    expect(await holders('POLO-M')).toBe(1);
  });

  it('a variant may take no product’s code in other letters, and the answer names its row', async () => {
    await newProduct('Sál', 'SAL-1');
    const scarf = await newProduct('Kötött sál');
    const error = await expectTrpcError(
      admin.caller.product.variants({ product: scarf, ...sizes('sal-1') }),
      'CONFLICT',
      CODE_TAKEN('sal-1'),
    );
    expect((error.cause as { issues?: { path: string }[] }).issues?.[0]?.path).toBe('variants.1.kutiId');
    expect(await holders('SAL-1')).toBe(1);
    expect(await db.prisma.productVariant.count({ where: { productId: scarf } })).toBe(0);
  });

  it('a variant may take no other product’s variant code in other letters, when added or changed', async () => {
    await productWithVariant('Zokni', 'ZOKNI-M');
    const tights = await newProduct('Harisnya');
    await expectTrpcError(
      admin.caller.product.variants({ product: tights, ...sizes('zokni-m') }),
      'CONFLICT',
      CODE_TAKEN('zokni-m'),
    );
    await admin.caller.product.variants({ product: tights, ...sizes('HARISNYA-M') });
    const [, medium] = await db.prisma.productVariant.findMany({
      where: { productId: tights },
      orderBy: { position: 'asc' },
    });
    await expectTrpcError(
      admin.caller.product.variants({
        product: tights,
        options: sizes('').options,
        variants: [{ values: ['S'] }, { id: medium?.id, values: ['M'], kutiId: 'Zokni-M' }],
      }),
      'CONFLICT',
      CODE_TAKEN('Zokni-M'),
    );
    expect(await holders('ZOKNI-M')).toBe(1);
    // A variant may still change the case of its own code.
    const saved = await admin.caller.product.variants({
      product: tights,
      options: sizes('').options,
      variants: [{ values: ['S'] }, { id: medium?.id, values: ['M'], kutiId: 'harisnya-m' }],
    });
    expect(saved.variants?.map((variant) => variant.kutiId)).toContain('harisnya-m');
  });
});

describe('a lookup by a code in other letters finds the code', () => {
  it('stock sync moves the product’s and the variant’s stock, answering in the letters sent', async () => {
    const bowl = await newProduct('Tál kódja nagybetűvel', 'TAL-NAGY');
    const shirt = await productWithVariant('Ing méretben', 'ING-M');
    const shirtVariant = await db.prisma.productVariant.findFirstOrThrow({ where: { productId: shirt } });
    const answer = await admin.caller.product.stock({
      items: [
        { kutiId: 'tal-nagy', stock: 9, price: 2490 },
        { kutiId: 'Ing-m', adjust: 4 },
      ],
    });
    expect(answer.results).toEqual([
      { kutiId: 'tal-nagy', status: 'updated', productId: bowl, variantId: null, stock: 9, price: 2490 },
      {
        kutiId: 'Ing-m',
        status: 'updated',
        productId: shirt,
        variantId: shirtVariant.id,
        stock: shirtVariant.stock + 4,
        price: 1990,
      },
    ]);
    expect(await db.prisma.product.findUniqueOrThrow({ where: { id: bowl } })).toMatchObject({
      kutiId: 'TAL-NAGY',
      stock: 9,
      grossPrice: 2490,
    });
    expect(
      await db.prisma.productVariant.findUniqueOrThrow({ where: { id: shirtVariant.id } }),
    ).toMatchObject({
      kutiId: 'ING-M',
      stock: shirtVariant.stock + 4,
    });
  });

  it('stock sync refuses one product named twice in other letters, and writes nothing', async () => {
    const cup = await newProduct('Csésze kétszer', 'CSESZE-2X');
    const error = await expectTrpcError(
      admin.caller.product.stock({
        items: [
          { kutiId: 'CSESZE-2X', stock: 5 },
          { kutiId: 'csesze-2x', stock: 6 },
        ],
      }),
      'BAD_REQUEST',
      /„csesze-2x” termékkód többször szerepel a kérésben: ugyanaz, mint „CSESZE-2X”/,
    );
    expect((error.cause as { issues?: { path: string }[] }).issues?.[0]?.path).toBe('items.1.kutiId');
    expect(await db.prisma.product.findUniqueOrThrow({ where: { id: cup } })).toMatchObject({ stock: 2 });
  });

  it('an update without an id finds the product by its code in other letters and keeps the code’s letters', async () => {
    const jug = await newProduct('Kancsó kódja', 'KANCSO-KOD');
    const updated = await admin.caller.product.update({ kutiId: 'kancso-kod', price: 3490 });
    expect(updated).toMatchObject({ id: jug, kutiId: 'KANCSO-KOD', price: 3490 });
    // With a title and a price as well it still updates, and creates no second product.
    await admin.caller.product.update({
      kutiId: 'Kancso-Kod',
      price: 3590,
      descriptions: [{ language: 'hu', title: 'Kancsó kódja' }],
    });
    expect(await holders('KANCSO-KOD')).toBe(1);
    expect(await db.prisma.product.findUniqueOrThrow({ where: { id: jug } })).toMatchObject({
      kutiId: 'KANCSO-KOD',
      grossPrice: 3590,
    });
  });
});

describe('a product import naming a code in other letters', () => {
  const headers = PRODUCT_FIELDS.map((field) => FIELD_HEADERS[field]);
  const row = (values: Partial<Record<(typeof PRODUCT_FIELDS)[number], string>>) =>
    PRODUCT_FIELDS.map((field) => values[field] ?? '').join(';');

  it('updates the stored product and variant, adds a variant to its product, and takes a code once', async () => {
    const jug = await newProduct('Kancsó', 'KANCSO-1');
    const apron = await newProduct('Kötény', 'KOTENY');
    await admin.caller.product.variants({
      product: apron,
      options: [{ title: 'Méret', values: [{ title: 'M' }] }],
      variants: [{ values: ['M'], kutiId: 'KOTENY-M' }],
    });
    const sheet = [
      headers.join(';'),
      row({ sku: 'kancso-1', name: 'Kancsó újra', price: '2990' }),
      row({ sku: 'koteny-m', parentSku: 'Koteny', price: '2490' }),
      row({ sku: 'KOTENY-L', parentSku: 'koteny', options: 'Méret: L', stock: '3' }),
      row({ sku: 'TAL-1', name: 'Tál', price: '990' }),
      row({ sku: 'tal-1', name: 'Tál kisbetűvel', price: '990' }),
      row({ sku: 'BOLT-1-S', parentSku: 'bolt-1', options: 'Méret: S' }),
    ].join('\r\n');
    // A variant's row after its product's row in other letters.
    const withProductFirst = sheet.replace(
      /\r\n([^\r\n]*BOLT-1-S)/,
      `\r\n${row({ sku: 'BOLT-1', name: 'Bolt', price: '500' })}\r\n$1`,
    );
    const uploaded = await admin.caller.productImport.upload({
      fileName: 'kodok.csv',
      dataBase64: Buffer.from(`\uFEFF${withProductFirst}`).toString('base64'),
    });
    await admin.caller.productImport.check({
      id: uploaded.id,
      mapping: uploaded.mapping,
      preset: uploaded.preset,
    });
    const rowsOf = async () =>
      (await admin.caller.productImport.rows({ id: uploaded.id, page: 1, pageSize: 10 })).items;
    const expected = [
      ['kancso-1', 'changed'],
      ['koteny-m', 'changed'],
      ['KOTENY-L', 'created'],
      ['TAL-1', 'created'],
      ['tal-1', 'refused'],
      ['BOLT-1', 'created'],
      ['BOLT-1-S', 'created'],
    ];
    const checked = await rowsOf();
    expect(checked.map((item) => [item.sku, item.outcome])).toEqual(expected);
    expect(checked[4]?.message).toMatch(/„tal-1” cikkszám már szerepelt a\(z\) 5\. sorban/);
    await admin.caller.productImport.start({ id: uploaded.id });
    await runDueImports({
      prisma: db.prisma,
      cache: cacheFor(db.prisma),
      publicUrl: 'http://localhost:3000',
      fetchPicture: pictureFetcher({ allowPrivateTargets: false }),
    });
    expect(await admin.caller.productImport.get({ id: uploaded.id })).toMatchObject({
      status: 'done',
      created: 4,
      changed: 2,
      refused: 1,
    });
    const rows = await rowsOf();
    expect(rows.map((item) => [item.sku, item.outcome])).toEqual(expected);
    expect(rows[0]?.productId).toBe(jug);
    expect(rows[2]?.productId).toBe(apron);
    expect(await db.prisma.product.findUniqueOrThrow({ where: { id: jug } })).toMatchObject({
      kutiId: 'KANCSO-1',
      grossPrice: 2990,
    });
    expect(
      await db.prisma.productVariant.findMany({
        where: { productId: apron },
        select: { kutiId: true, grossPrice: true },
        orderBy: { id: 'asc' },
      }),
    ).toEqual([
      { kutiId: 'KOTENY-M', grossPrice: 2490 },
      { kutiId: 'KOTENY-L', grossPrice: null },
    ]);
    const shop = await db.prisma.product.findFirstOrThrow({ where: { kutiId: 'BOLT-1' } });
    expect(rows[6]?.productId).toBe(shop.id);
    expect([await holders('KANCSO-1'), await holders('TAL-1'), await holders('BOLT-1-S')]).toEqual([1, 1, 1]);
  });
});
