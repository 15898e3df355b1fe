import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProductVariantsInput } from '../src/schemas';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let admin: SignedIn;
let shopper: SignedIn;
let stranger: Caller;
let photos: number[] = [];
let strangerPhoto = 0;

const SIZES = ['S', 'M', 'L', 'XL'];
const COLOURS = [
  { title: 'kék', swatch: '#1D4ED8' },
  { title: 'piros', swatch: '#dc2626' },
  { title: 'fekete', swatch: '#111111' },
];
const OPTIONS: TProductVariantsInput['options'] = [
  { title: 'Méret', values: SIZES.map((title) => ({ title })) },
  { title: 'Szín', values: COLOURS },
];

async function newProduct(title: string, kutiId?: string): Promise<number> {
  const product = await admin.caller.product.update({
    price: 4990,
    stock: 3,
    ...(kutiId ? { kutiId } : {}),
    descriptions: [{ language: 'hu', title }],
    imageIds: photos,
  });
  return product.id;
}

/** Every size in every colour, coded POLO-<size>-<n>, each with as many pieces as its row number. */
function grid(prefix: string): TProductVariantsInput['variants'] {
  return SIZES.flatMap((size, s) =>
    COLOURS.map((colour, c) => ({
      values: [size, colour.title],
      kutiId: `${prefix}-${size}-${c}`,
      stock: s * 3 + c,
    })),
  );
}

async function issuePath(promise: Promise<unknown>, code: 'BAD_REQUEST' | 'CONFLICT', message: RegExp) {
  const error = await expectTrpcError(promise, code, message);
  const cause = error.cause as { issues?: { path: string }[] } | undefined;
  return cause?.issues?.[0]?.path;
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
  shopper = await createCustomer(db.prisma);
  stranger = await callerFor(db.prisma);
  const media = (name: string) =>
    db.prisma.media.create({
      data: { originalName: name, mimeType: 'image/png', width: 800, height: 800, sizeBytes: 10 },
      select: { id: true },
    });
  photos = [(await media('kek.png')).id, (await media('piros.png')).id];
  strangerPhoto = (await media('mas.png')).id;
  // A colour property the shop already has, spelt differently: the option must reuse it.
  await admin.caller.property.listOrSave({
    action: 'save',
    property: { code: 'szin', language: 'hu', title: 'SZÍN', values: [{ title: 'Kék' }] },
  });
});
afterAll(() => db?.close());

describe('PUT /api/product/{product}/variants', () => {
  it('creates options and 12 variants, reuses a property by its title and keeps the stock sum', async () => {
    const id = await newProduct('Póló');
    const variants = grid('POLO');
    variants[0] = { ...variants[0], values: ['S', 'kék'], stock: 0, grossPrice: 5490, mediaId: photos[1] };
    variants[1] = { ...variants[1], values: ['S', 'piros'], enabled: false, stock: 50 };
    const product = await admin.caller.product.variants({ product: id, options: OPTIONS, variants });

    expect(product.options.map((option) => option.title)).toEqual(['Méret', 'SZÍN']);
    const colour = product.options[1];
    expect(colour?.values.map((value) => [value.title, value.swatch])).toEqual([
      ['Kék', '#1d4ed8'],
      ['piros', '#dc2626'],
      ['fekete', '#111111'],
    ]);
    expect(product.variants).toHaveLength(12);
    expect(product.variants[0]).toMatchObject({
      kutiId: 'POLO-S-0',
      title: 'S, Kék',
      price: 5490,
      stock: 0,
      imageId: photos[1],
      enabled: true,
    });
    expect(product.variants[1]).toMatchObject({ title: 'S, piros', enabled: false, price: 4990 });
    expect(product.admin?.variants[0]?.grossPrice).toBe(5490);
    expect(product.admin?.variants[1]?.grossPrice).toBeNull();
    // Enabled variants only: 0 + 2 + (3+4+5) + (6+7+8) + (9+10+11).
    const expected = 2 + 12 + 21 + 30;
    expect(product.stock).toBe(expected);
    const stored = await db.prisma.product.findUniqueOrThrow({
      where: { id },
      select: { stock: true, stockChangedAt: true },
    });
    expect(stored.stock).toBe(expected);
    expect(stored.stockChangedAt).not.toBeNull();

    const properties = await admin.caller.property.listOrSave({ action: 'list' });
    const szin = properties.items.filter((property) => property.title.toLowerCase() === 'szín');
    expect(szin).toHaveLength(1);
    const meret = properties.items.find((property) => property.title === 'Méret');
    expect(meret).toMatchObject({ code: 'meret', filterable: true });
    expect(meret?.values.map((value) => value.title)).toEqual(SIZES);
  });

  it('keeps variants by id or by combination, removes the rest and lets codes change places', async () => {
    const id = await newProduct('Bögre');
    const first = await admin.caller.product.variants({
      product: id,
      options: [{ title: 'Szín', values: COLOURS }],
      variants: COLOURS.map((colour, c) => ({ values: [colour.title], kutiId: `BOGRE-${c}`, stock: 5 })),
    });
    const [blue, red, black] = first.variants;
    const cart = await db.prisma.cart.create({ data: { userId: shopper.id }, select: { id: true } });
    await db.prisma.cartLine.create({
      data: { cartId: cart.id, productId: id, variantId: black?.id ?? 0, quantity: 1 },
    });

    // An order sold more than was left (stock below zero): it counts as none in the product's sum.
    await db.prisma.productVariant.update({ where: { id: blue?.id }, data: { stock: -3 } });
    const second = await admin.caller.product.variants({
      product: id,
      options: [{ title: 'szin', values: COLOURS.slice(0, 2) }],
      variants: [
        // Blue by id takes red's code; red by its combination takes blue's; black is left out.
        { id: blue?.id, values: ['kék'], kutiId: 'BOGRE-1' },
        { values: ['piros'], kutiId: 'BOGRE-0', stock: 1 },
      ],
    });
    expect(second.variants.map((variant) => [variant.id, variant.kutiId, variant.stock])).toEqual([
      [blue?.id, 'BOGRE-1', 0],
      [red?.id, 'BOGRE-0', 1],
    ]);
    expect(second.stock).toBe(1);
    expect(await db.prisma.productVariant.count({ where: { id: black?.id } })).toBe(0);
    expect(await db.prisma.cartLine.count({ where: { cartId: cart.id } })).toBe(0);
  });

  it('tells stock.changed subscribers each variant whose stock was set, beside the product total', async () => {
    const id = await newProduct('Sapka', 'SAPKA');
    const endpoint = await db.prisma.webhookEndpoint.create({
      data: { url: 'https://erp.example.hu/hook', events: ['stock.changed'], secret: 'titok' },
    });
    try {
      const colours = [{ title: 'Szín', values: COLOURS.slice(0, 2) }];
      const first = await admin.caller.product.variants({
        product: id,
        options: colours,
        variants: [
          { values: ['kék'], kutiId: 'SAPKA-KEK', stock: 2 },
          { values: ['piros'], kutiId: 'SAPKA-PIROS', stock: 4 },
        ],
      });
      const [blue, red] = first.variants;
      // Only blue's stock is set again; red keeps its 4.
      await admin.caller.product.variants({
        product: id,
        options: colours,
        variants: [
          { id: blue?.id, values: ['kék'], stock: 7 },
          { id: red?.id, values: ['piros'] },
        ],
      });
      const deliveries = await db.prisma.webhookDelivery.findMany({
        where: { endpointId: endpoint.id },
        orderBy: { id: 'asc' },
      });
      const items = deliveries.map((delivery) => (JSON.parse(delivery.body) as { data: unknown }).data);
      const stockItem = (
        product: number,
        variant: number | null | undefined,
        kutiId: string,
        stock: number,
      ) => ({ product, variant, kutiId, stock });
      expect(items).toEqual([
        {
          items: [
            stockItem(id, blue?.id, 'SAPKA-KEK', 2),
            stockItem(id, red?.id, 'SAPKA-PIROS', 4),
            stockItem(id, null, 'SAPKA', 6),
          ],
        },
        {
          items: [stockItem(id, blue?.id, 'SAPKA-KEK', 7), stockItem(id, null, 'SAPKA', 11)],
        },
      ]);
    } finally {
      await db.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { deletedAt: new Date() } });
    }
  });

  it('makes the product simple again when the options go, keeping the variants stock', async () => {
    const id = await newProduct('Sapka');
    await admin.caller.product.variants({
      product: id,
      options: [{ title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] }],
      variants: [
        { values: ['S'], stock: 2 },
        { values: ['M'], stock: 7 },
      ],
    });
    // The product's own stock is its variants' sum: the product form may not overwrite it.
    const error = await expectTrpcError(
      admin.caller.product.update({ id, stock: 100 }),
      'BAD_REQUEST',
      /változatoknál add meg/,
    );
    expect((error.cause as { issues?: { path: string }[] }).issues?.[0]?.path).toBe('stock');
    expect(await admin.caller.product.update({ id, price: 5290 })).toMatchObject({ stock: 9, price: 5290 });
    const simple = await admin.caller.product.variants({ product: id, options: [], variants: [] });
    expect(simple).toMatchObject({ options: [], variants: [], stock: 9 });
    expect(await db.prisma.productVariant.count({ where: { productId: id } })).toBe(0);
  });

  it('refuses bad rows with a 400 that names the field', async () => {
    const id = await newProduct('Cipő');
    const put = (input: Omit<TProductVariantsInput, 'product'>) =>
      admin.caller.product.variants({ product: id, ...input });
    const size = [{ title: 'Méret', values: [{ title: '38' }, { title: '39' }] }];

    expect(
      await issuePath(put({ options: size, variants: [] }), 'BAD_REQUEST', /legalább egy változat/),
    ).toBe('variants');
    expect(
      await issuePath(put({ options: [], variants: [{ values: [] }] }), 'BAD_REQUEST', /legalább egy opció/),
    ).toBe('options');
    expect(
      await issuePath(
        put({ options: size, variants: [{ values: ['38'] }, { values: ['38 '] }] }),
        'BAD_REQUEST',
        /„38, ?” változat kétszer szerepel|kétszer szerepel \(1\. és 2\. sor\)/,
      ),
    ).toBe('variants.1.values');
    expect(
      await issuePath(
        put({ options: size, variants: [{ values: ['40'] }] }),
        'BAD_REQUEST',
        /A „40” nem a „Méret” opció értéke/,
      ),
    ).toBe('variants.0.values.0');
    expect(
      await issuePath(
        put({ options: size, variants: [{ values: ['38', 'kék'] }] }),
        'BAD_REQUEST',
        /minden opcióból egy értéke/,
      ),
    ).toBe('variants.0.values');
    expect(
      await issuePath(
        put({ options: size, variants: [{ values: ['38'], mediaId: strangerPhoto }] }),
        'BAD_REQUEST',
        /termék képei közül/,
      ),
    ).toBe('variants.0.mediaId');
    expect(
      await issuePath(
        put({
          options: [...size, { title: 'méret', values: [{ title: 'X' }] }],
          variants: [{ values: ['38', 'X'] }],
        }),
        'BAD_REQUEST',
        /opció kétszer szerepel/,
      ),
    ).toBe('options.1.title');
    expect(
      await issuePath(
        put({
          options: size,
          variants: [
            { values: ['38'], kutiId: 'CIPO' },
            { values: ['39'], kutiId: 'CIPO' },
          ],
        }),
        'BAD_REQUEST',
        /két változatnál is/,
      ),
    ).toBe('variants.1.kutiId');
    const other = await newProduct('Csizma');
    const foreign = (
      await admin.caller.product.variants({
        product: other,
        options: size,
        variants: [{ values: ['38'], kutiId: 'CSIZMA-38' }],
      })
    ).variants[0]?.id;
    expect(
      await issuePath(
        put({ options: size, variants: [{ id: foreign, values: ['38'] }] }),
        'BAD_REQUEST',
        /nem ennek a terméknek/,
      ),
    ).toBe('variants.0.id');
    await expectTrpcError(
      admin.caller.product.variants({ product: 999_999, options: [], variants: [] }),
      'NOT_FOUND',
    );
    // Nothing of the refused saves was written.
    expect(await db.prisma.productVariant.count({ where: { productId: id } })).toBe(0);
  });

  it('answers 409 for a code another product or another product’s variant has', async () => {
    const id = await newProduct('Kesztyű', 'KESZTYU');
    await newProduct('Sál', 'SAL-1');
    const holder = await newProduct('Sál 2');
    await admin.caller.product.variants({
      product: holder,
      options: [{ title: 'Méret', values: [{ title: 'S' }] }],
      variants: [{ values: ['S'], kutiId: 'SAL-2-S' }],
    });
    const size = [{ title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] }];
    for (const code of ['SAL-1', 'SAL-2-S', 'KESZTYU']) {
      const path = await issuePath(
        admin.caller.product.variants({
          product: id,
          options: size,
          variants: [{ values: ['S'] }, { values: ['M'], kutiId: code }],
        }),
        'CONFLICT',
        new RegExp(`„${code}” termékkód már egy másik`),
      );
      expect(path).toBe('variants.1.kutiId');
    }
    // A product may not take a variant's code either (the database trigger).
    await expectTrpcError(admin.caller.product.update({ id, kutiId: 'SAL-2-S' }), 'CONFLICT');
  });

  it('gives a new code to one of two products saved at once and answers the other 409, never 500', async () => {
    const [left, right] = [await newProduct('Zokni'), await newProduct('Harisnya')];
    const save = (product: number) =>
      admin.caller.product
        .variants({
          product,
          options: [{ title: 'Méret', values: [{ title: '39' }] }],
          variants: [{ values: ['39'], kutiId: 'EGYSZER' }],
        })
        .then(
          () => 'saved',
          (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
        );
    // Whichever comes second, by the check or by the unique index, is told which code.
    expect((await Promise.all([save(left), save(right)])).sort()).toEqual([
      'CONFLICT: Az „EGYSZER” termékkód már egy másik termékhez vagy változathoz tartozik. Adj meg másik kódot!',
      'saved',
    ]);
  });

  it('refuses shoppers and strangers', async () => {
    const id = await newProduct('Titkos');
    const input = { product: id, options: [], variants: [] };
    await expectTrpcError(shopper.caller.product.variants(input), 'FORBIDDEN');
    await expectTrpcError(stranger.product.variants(input), 'UNAUTHORIZED');
  });
});
