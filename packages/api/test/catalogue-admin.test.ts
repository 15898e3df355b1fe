import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMediaVariant, MEDIA_NOT_IMAGE } from '../src/services/media';
import { createVariantProduct } from '../src/testing/variant-fixtures';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let admin: SignedIn;
let guest: Caller;
let anna: SignedIn;
let bela: SignedIn;
let mug = 0;
let plate = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);
  anna = await createCustomer(db.prisma);
  bela = await createCustomer(db.prisma);
  mug = (
    await admin.caller.product.update({
      price: 1290,
      descriptions: [{ language: 'hu', title: 'Bögre' }],
    })
  ).id;
  plate = (
    await admin.caller.product.update({
      price: 2490,
      descriptions: [{ language: 'hu', title: 'Tányér' }],
    })
  ).id;
});
afterAll(() => db?.close());

describe('bookmarks', () => {
  it('lists, adds with a product and removes on the second call', async () => {
    expect(await anna.caller.bookmarks.listOrAdd()).toEqual({ items: [], bookmarked: null });
    const added = await anna.caller.bookmarks.listOrAdd({ product: mug });
    expect(added.bookmarked).toBe(true);
    expect(added.items.map((item) => item.title)).toEqual(['Bögre']);
    await anna.caller.bookmarks.listOrAdd({ product: plate });
    expect((await anna.caller.bookmarks.listOrAdd({})).items.map((item) => item.title).sort()).toEqual([
      'Bögre',
      'Tányér',
    ]);
    const removed = await anna.caller.bookmarks.listOrAdd({ product: mug });
    expect(removed.bookmarked).toBe(false);
    expect(removed.items.map((item) => item.title)).toEqual(['Tányér']);
  });

  it("keeps each customer's bookmarks to themselves", async () => {
    expect((await bela.caller.bookmarks.listOrAdd()).items).toEqual([]);
    await bela.caller.bookmarks.listOrAdd({ product: mug });
    expect((await bela.caller.bookmarks.listOrAdd()).items.map((item) => item.id)).toEqual([mug]);
    expect((await anna.caller.bookmarks.listOrAdd()).items.map((item) => item.id)).toEqual([plate]);
  });

  it('asks a stranger to sign in and refuses an unknown or disabled product', async () => {
    await expectTrpcError(guest.bookmarks.listOrAdd({ product: mug }), 'UNAUTHORIZED');
    await expectTrpcError(anna.caller.bookmarks.listOrAdd({ product: 999_999 }), 'NOT_FOUND');
    const hidden = (
      await admin.caller.product.update({
        price: 100,
        enabled: false,
        descriptions: [{ language: 'hu', title: 'Rejtett' }],
      })
    ).id;
    await expectTrpcError(anna.caller.bookmarks.listOrAdd({ product: hidden }), 'NOT_FOUND');
  });

  it('bookmarks the variant chosen on the page, apart from the product as a whole and its other variants', async () => {
    const shirt = await createVariantProduct(
      db.prisma,
      { slug: 'polo', title: 'Póló', grossPrice: 4990 },
      [{ title: 'Méret', values: ['M', 'L'] }],
      [
        { kutiId: 'POLO-M', values: ['M'], stock: 2 },
        { kutiId: 'POLO-L', values: ['L'], stock: 1, grossPrice: 5490 },
      ],
    );
    const cyril = await createCustomer(db.prisma);
    const large = shirt.variants['POLO-L']!;
    await cyril.caller.bookmarks.listOrAdd({ product: shirt.id, variant: large });
    const both = await cyril.caller.bookmarks.listOrAdd({ product: shirt.id });
    expect(both.items.map((item) => [item.title, item.variant, item.kutiId, item.price])).toEqual([
      ['Póló', null, null, 4990],
      ['Póló, L', large, 'POLO-L', 5490],
    ]);
    // The second tap on the same variant takes it off; the product as a whole stays.
    const removed = await cyril.caller.bookmarks.listOrAdd({ product: shirt.id, variant: large });
    expect(removed.bookmarked).toBe(false);
    expect(removed.items.map((item) => item.variant)).toEqual([null]);
    await expectTrpcError(
      cyril.caller.bookmarks.listOrAdd({ product: mug, variant: shirt.variants['POLO-M']! }),
      'NOT_FOUND',
    );
    await expectTrpcError(cyril.caller.bookmarks.listOrAdd({ variant: large }), 'BAD_REQUEST');
    // The property tests below count the shop's properties.
    await db.prisma.product.delete({ where: { id: shirt.id } });
    await db.prisma.property.deleteMany({ where: { code: 'polo-0' } });
  });
});

describe('media', () => {
  const upload = (fileName: string, mimeType: string, bytes: Uint8Array) =>
    admin.caller.media.upload({ fileName, mimeType, dataBase64: Buffer.from(bytes).toString('base64') });

  it('stores an image with WebP variants in layout sizes and serves them', async () => {
    const png = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const media = await upload('kek.png', 'image/png', png);
    expect(media).toMatchObject({
      mimeType: 'image/png',
      width: 1600,
      height: 900,
      sizeBytes: png.byteLength,
    });
    expect(media.urls.card).toBe(`/media/${media.id}/card`);
    const card = await getMediaVariant(db.prisma, media.id, 'card');
    expect(card?.mimeType).toBe('image/webp');
    expect((await sharp(card!.data).metadata()).width).toBe(480);
    const thumb = await getMediaVariant(db.prisma, media.id, 'thumb');
    expect((await sharp(thumb!.data).metadata()).width).toBe(160);
    expect((await getMediaVariant(db.prisma, media.id, 'original'))?.mimeType).toBe('image/png');
    expect(await getMediaVariant(db.prisma, media.id, 'huge')).toBeNull();
    expect(await getMediaVariant(db.prisma, 999_999, 'card')).toBeNull();

    const product = await admin.caller.product.update({ id: mug, imageIds: [media.id] });
    expect(product.image).toBe(`/media/${media.id}/card`);
    expect(product.images[0]?.full).toBe(`/media/${media.id}/full`);
    expect((await admin.caller.media.list()).items.map((item) => item.id)).toContain(media.id);
  });

  it('rejects what is not an image, whatever its declared type', async () => {
    await expectTrpcError(
      upload('level.png', 'image/png', new TextEncoder().encode('Ez csak szöveg, nem kép.')),
      'BAD_REQUEST',
      MEDIA_NOT_IMAGE,
    );
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    await expectTrpcError(upload('rajz.svg', 'image/svg+xml', svg), 'BAD_REQUEST', /JPEG, PNG/);
    // A PNG signature on a broken body still fails the decoder.
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await expectTrpcError(upload('tort.png', 'image/png', broken), 'BAD_REQUEST', /nem olvasható/);
  });
});

describe('properties', () => {
  it('saves, renames, removes values and lists in one operation', async () => {
    const created = await admin.caller.property.listOrSave({
      action: 'save',
      property: {
        code: 'szin',
        language: 'hu',
        title: 'Szín',
        values: [{ title: 'kék' }, { title: 'piros' }],
      },
    });
    const saved = created.saved!;
    expect(saved.values.map((value) => value.title)).toEqual(['kék', 'piros']);
    await admin.caller.product.update({ id: plate, propertyValueIds: [saved.values[1]!.id] });

    const [blue, red] = saved.values;
    const updated = await admin.caller.property.listOrSave({
      action: 'save',
      property: {
        id: saved.id,
        code: 'szin',
        language: 'hu',
        title: 'Színek',
        values: [{ id: red!.id, title: 'vörös' }, { title: 'zöld' }],
      },
    });
    expect(updated.saved?.title).toBe('Színek');
    expect(updated.saved?.values.map((value) => [value.title, value.productCount])).toEqual([
      ['vörös', 1],
      ['zöld', 0],
    ]);
    expect(updated.saved?.values.map((value) => value.id)).not.toContain(blue!.id);
    expect((await guest.property.byId({ id: saved.id })).title).toBe('Színek');

    const page = await guest.product.byId({ id: plate });
    expect(page.properties).toEqual([
      { id: saved.id, code: 'szin', title: 'Színek', values: [{ id: red!.id, title: 'vörös' }] },
    ]);

    const listed = await admin.caller.property.listOrSave({});
    expect(listed.items.map((item) => item.code)).toEqual(['szin']);
    expect(listed.saved).toBeNull();

    await expectTrpcError(
      admin.caller.property.listOrSave({
        action: 'save',
        property: { code: 'szin', language: 'hu', title: 'Másik', values: [] },
      }),
      'CONFLICT',
    );
    await expectTrpcError(admin.caller.property.listOrSave({ action: 'save' }), 'BAD_REQUEST', /property/);
    const deleted = await admin.caller.property.listOrSave({ action: 'delete', id: saved.id });
    expect(deleted.items).toEqual([]);
    await expectTrpcError(guest.property.byId({ id: saved.id }), 'NOT_FOUND');
  });
});
