import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor } from '../src/cache';
import { getCatalogueIndex } from '../src/services/catalogue/in-memory-index';
import { type Caller, callerFor, createAdmin, type SignedIn } from './factories';

/** The shop reads products from a cached catalogue index; an admin's delete must show at once. */
let db: Database;
let admin: SignedIn;
let shopper: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
  shopper = await callerFor(db.prisma);
});
afterAll(() => db?.close());

async function listedTitles(search: string): Promise<string[]> {
  const list = await shopper.product.list({ search, state: 'all', sort: 'relevance', page: 1, pageSize: 24 });
  return list.items.map((item) => item.title);
}

describe('deleting descriptions and categories the catalogue shows', () => {
  it('shows a product under its remaining title once its Hungarian description is deleted', async () => {
    const product = await admin.caller.product.update({
      price: 4990,
      descriptions: [
        { language: 'hu', title: 'Zománcbögre' },
        { language: 'en', title: 'Enamel mug' },
      ],
    });
    expect((await shopper.product.byId({ id: product.id })).title).toBe('Zománcbögre');
    expect(await listedTitles('Zománcbögre')).toEqual(['Zománcbögre']);

    const hungarian = product.descriptions.find((description) => description.language === 'hu');
    expect(await admin.caller.description.delete({ id: hungarian!.id })).toEqual({ ok: true });

    const shown = await shopper.product.byId({ id: product.id });
    expect(shown.title).toBe('Enamel mug');
    expect(shown.descriptions.map((description) => description.language)).toEqual(['en']);
    expect(await listedTitles('Zománcbögre')).toEqual([]);
    expect(await listedTitles('Enamel')).toEqual(['Enamel mug']);
  });

  it('shows a property under its remaining title once its Hungarian description is deleted', async () => {
    const saved = await admin.caller.property.listOrSave({
      action: 'save',
      property: { code: 'anyag', language: 'hu', title: 'Anyag', values: [{ title: 'Porcelán' }] },
    });
    const property = saved.saved!;
    await admin.caller.property.listOrSave({
      action: 'save',
      property: {
        id: property.id,
        code: 'anyag',
        language: 'en',
        title: 'Material',
        values: property.values.map((value) => ({ id: value.id, title: value.title })),
      },
    });
    const product = await admin.caller.product.update({
      price: 1990,
      descriptions: [{ language: 'hu', title: 'Porceláncsésze' }],
      propertyValueIds: property.values.map((value) => value.id),
    });
    expect((await shopper.product.byId({ id: product.id })).properties.map((group) => group.title)).toEqual([
      'Anyag',
    ]);

    const hungarian = await db.prisma.description.findFirstOrThrow({
      where: { propertyId: property.id, language: 'hu' },
      select: { id: true },
    });
    await admin.caller.description.delete({ id: hungarian.id });

    expect((await shopper.product.byId({ id: product.id })).properties.map((group) => group.title)).toEqual([
      'Material',
    ]);
  });

  // Every reader checks categories against the live tree, so a stale link shows nowhere yet;
  // the index the product lists are scoped with must still not keep it.
  it('takes a deleted category off the products that were in it', async () => {
    const category = await admin.caller.category.create({
      descriptions: [{ language: 'hu', title: 'Tálak' }],
    });
    const product = await admin.caller.product.update({
      price: 2990,
      descriptions: [{ language: 'hu', title: 'Salátástál' }],
      categoryIds: [category.id],
    });
    expect((await shopper.product.byId({ id: product.id })).breadcrumbs.map((crumb) => crumb.title)).toEqual([
      'Tálak',
    ]);

    await admin.caller.category.delete({ id: category.id });

    expect((await shopper.product.byId({ id: product.id })).breadcrumbs).toEqual([]);
    const index = await getCatalogueIndex({ prisma: db.prisma, cache: cacheFor(db.prisma) });
    expect(index.products.find((indexed) => indexed.id === product.id)?.categoryIds).toEqual([]);
  });
});
