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
// one, a 409 naming the code, never a 500 from the database's unique index.

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
  it('a new product may not take another product’s code in other letters', async () => {
    await newProduct('Pöttyös bögre', 'BOGRE-1');
    await expectTrpcError(
      admin.caller.product.update({
        kutiId: 'bogre-1',
        price: 990,
        descriptions: [{ language: 'hu', title: 'Másik bögre' }],
      }),
      'CONFLICT',
      PRODUCT_TAKEN('bogre-1'),
    );
    expect(await holders('BOGRE-1')).toBe(1);
  });

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

describe('a product import naming a code in other letters', () => {
  const headers = PRODUCT_FIELDS.map((field) => FIELD_HEADERS[field]);
  const row = (values: Partial<Record<(typeof PRODUCT_FIELDS)[number], string>>) =>
    PRODUCT_FIELDS.map((field) => values[field] ?? '').join(';');

  it('refuses the row with the clash named, in the dry run already, creates the others, and the job finishes', async () => {
    await newProduct('Kancsó', 'KANCSO-1');
    await productWithVariant('Kötény', 'KOTENY-M');
    const sheet = [
      headers.join(';'),
      row({ sku: 'kancso-1', name: 'Kancsó újra', price: '2990' }),
      row({ sku: 'koteny-m', name: 'Kötény M', price: '1990' }),
      row({ sku: 'TAL-1', name: 'Tál', price: '990' }),
      row({ sku: 'tal-1', name: 'Tál kisbetűvel', price: '990' }),
    ].join('\r\n');
    const uploaded = await admin.caller.productImport.upload({
      fileName: 'kodok.csv',
      dataBase64: Buffer.from(`\uFEFF${sheet}`).toString('base64'),
    });
    await admin.caller.productImport.check({
      id: uploaded.id,
      mapping: uploaded.mapping,
      preset: uploaded.preset,
    });
    const rowsOf = async () =>
      (await admin.caller.productImport.rows({ id: uploaded.id, page: 1, pageSize: 10 })).items;
    const checked = await rowsOf();
    // Two rows of one sheet differing only in case are found when written, below.
    expect(checked.map((item) => item.outcome)).toEqual(['refused', 'refused', 'created', 'created']);
    expect(checked[0]?.message).toMatch(PRODUCT_TAKEN('kancso-1'));
    expect(checked[1]?.message).toMatch(CODE_TAKEN('koteny-m'));
    await admin.caller.productImport.start({ id: uploaded.id });
    await runDueImports({
      prisma: db.prisma,
      cache: cacheFor(db.prisma),
      publicUrl: 'http://localhost:3000',
      fetchPicture: pictureFetcher({ allowPrivateTargets: false }),
    });
    const done = await admin.caller.productImport.get({ id: uploaded.id });
    expect(done).toMatchObject({ status: 'done', created: 1, refused: 3 });
    const rows = await rowsOf();
    expect(rows.map((item) => [item.sku, item.outcome])).toEqual([
      ['kancso-1', 'refused'],
      ['koteny-m', 'refused'],
      ['TAL-1', 'created'],
      ['tal-1', 'refused'],
    ]);
    expect(rows[0]?.message).toMatch(PRODUCT_TAKEN('kancso-1'));
    expect(rows[1]?.message).toMatch(CODE_TAKEN('koteny-m'));
    expect(rows[3]?.message).toMatch(PRODUCT_TAKEN('tal-1'));
    expect([await holders('KANCSO-1'), await holders('KOTENY-M'), await holders('TAL-1')]).toEqual([1, 1, 1]);
  });
});
