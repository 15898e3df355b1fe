import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionedCache } from '../src/cache';
import type { TCategory } from '../src/schemas';
import { type Caller, callerFor, createAdmin } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let admin: Caller;
let visitor: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = (await createAdmin(db.prisma)).caller;
  visitor = await callerFor(db.prisma);
});
afterAll(() => db?.close());

function create(title: string, extra: { parent?: number | null; slug?: string; enabled?: boolean } = {}) {
  return admin.category.create({ descriptions: [{ language: 'hu', title }], ...extra });
}

describe('category', () => {
  let konyha: TCategory;
  let bogrek: TCategory;
  let porcelan: TCategory;

  it('creates a three-level tree with » display paths and slug url paths', async () => {
    konyha = await create('Konyha és étkező');
    bogrek = await create('Bögrék', { parent: konyha.id });
    porcelan = await create('Porcelán bögrék', { parent: bogrek.id });

    expect(konyha).toMatchObject({ slug: 'konyha-es-etkezo', parent: null, title: 'Konyha és étkező' });
    expect(porcelan.parent).toBe(bogrek.id);
    expect(porcelan).not.toHaveProperty('parentId');
    expect(porcelan.path).toBe('Konyha és étkező » Bögrék » Porcelán bögrék');
    expect(porcelan.urlPath).toBe('konyha-es-etkezo/bogrek/porcelan-bogrek');
    expect(porcelan.ancestorIds).toEqual([konyha.id, bogrek.id]);
    expect(porcelan.descriptions).toEqual([
      expect.objectContaining({ language: 'hu', title: 'Porcelán bögrék', body: null }),
    ]);
    expect((await visitor.category.byId({ id: bogrek.id })).childCount).toBe(1);
  });

  it('strips Hungarian accents from generated slugs and keeps them unique', async () => {
    const first = await create('Őszi űrhajós kötőfék');
    const second = await create('Őszi űrhajós kötőfék');
    const third = await create('ŐSZI ŰRHAJÓS – kötőfék!');
    expect(first.slug).toBe('oszi-urhajos-kotofek');
    expect(second.slug).toBe('oszi-urhajos-kotofek-2');
    expect(third.slug).toBe('oszi-urhajos-kotofek-3');
  });

  it('refuses a slug that is taken with 409 and a Hungarian message', async () => {
    await expectTrpcError(create('Másik', { slug: 'bogrek' }), 'CONFLICT', /URL-név már foglalt: bogrek/);
  });

  it('maps invalid input to 400 naming the field in Hungarian', async () => {
    const error = await expectTrpcError(
      admin.category.create({ descriptions: [{ language: 'hu', title: '  ' }] }),
      'BAD_REQUEST',
    );
    expect(error.message).toBe('Hibás adat: descriptions.0.title – A cím kötelező.');
    const wrongType = await expectTrpcError(
      admin.category.create({ descriptions: [{ title: 5 }] } as never),
      'BAD_REQUEST',
      /^Hibás adat: descriptions\.0\.title – /,
    );
    expect(wrongType.message).not.toMatch(/Invalid|expected/);
    await expectTrpcError(
      admin.category.create({ descriptions: [] }),
      'BAD_REQUEST',
      'Hibás adat: descriptions – Adj meg legalább egy leírást.',
    );
    await expectTrpcError(
      admin.category.create({
        descriptions: [
          { language: 'hu', title: 'Egy' },
          { language: 'hu', title: 'Kettő' },
        ],
      }),
      'BAD_REQUEST',
      'Hibás adat: descriptions.1.language – Egy nyelv (hu) csak egyszer szerepelhet.',
    );
  });

  it('keeps every language of a create and makes the slug from the Hungarian title', async () => {
    const garden = await admin.category.create({
      parent: konyha.id,
      descriptions: [
        { language: 'en', title: 'Garden tools' },
        { language: 'hu', title: 'Kerti szerszámok', body: '<p>Ásók, gereblyék.</p>' },
      ],
    });
    expect(garden).toMatchObject({ parent: konyha.id, slug: 'kerti-szerszamok', title: 'Kerti szerszámok' });
    expect(garden.descriptions.map((d) => [d.language, d.title, d.body])).toEqual([
      ['hu', 'Kerti szerszámok', '<p>Ásók, gereblyék.</p>'],
      ['en', 'Garden tools', null],
    ]);
    await admin.category.delete({ id: garden.id });
  });

  it('finds categories by slug and by slug path, 404 otherwise', async () => {
    expect((await visitor.category.bySlug({ slug: 'porcelan-bogrek' })).id).toBe(porcelan.id);
    expect((await visitor.category.bySlug({ slug: 'konyha-es-etkezo/bogrek/porcelan-bogrek' })).id).toBe(
      porcelan.id,
    );
    expect((await visitor.category.bySlug({ slug: '/konyha-es-etkezo/bogrek/' })).id).toBe(bogrek.id);
    await expectTrpcError(visitor.category.bySlug({ slug: 'bogrek/porcelan-bogrek' }), 'NOT_FOUND');
    await expectTrpcError(
      visitor.category.bySlug({ slug: 'nincs-ilyen' }),
      'NOT_FOUND',
      'A keresett kategória nem található.',
    );
    await expectTrpcError(visitor.category.byId({ id: 999_999 }), 'NOT_FOUND');
  });

  it('updates descriptions by language: saving hu replaces hu, saving en adds en', async () => {
    const updated = await admin.category.update({
      id: bogrek.id,
      descriptions: [{ language: 'hu', title: 'Bögrék és csészék', body: 'Reggeli kávéhoz.' }],
    });
    expect(updated.descriptions).toHaveLength(1);
    expect(updated.title).toBe('Bögrék és csészék');
    expect(updated.slug).toBe('bogrek');

    const withEnglish = await admin.category.update({
      id: bogrek.id,
      descriptions: [{ language: 'en', title: 'Cups' }],
    });
    expect(withEnglish.descriptions.map((d) => [d.language, d.title, d.body])).toEqual([
      ['hu', 'Bögrék és csészék', 'Reggeli kávéhoz.'],
      ['en', 'Cups', null],
    ]);

    // Saving English again replaces only the English entry (same row), Hungarian stays as it was.
    const englishId = withEnglish.descriptions[1]!.id;
    const renamed = await admin.category.update({
      id: bogrek.id,
      descriptions: [{ language: 'en', title: 'Mugs' }],
    });
    expect(renamed.descriptions.map((d) => [d.id, d.language, d.title, d.body])).toEqual([
      [updated.descriptions[0]!.id, 'hu', 'Bögrék és csészék', 'Reggeli kávéhoz.'],
      [englishId, 'en', 'Mugs', null],
    ]);
    expect((await visitor.category.byId({ id: porcelan.id })).path).toBe(
      'Konyha és étkező » Bögrék és csészék » Porcelán bögrék',
    );
  });

  it('moves a category by changing its parent and refuses cycles', async () => {
    const nappali = await create('Nappali');
    const moved = await admin.category.update({ id: bogrek.id, parent: nappali.id });
    expect(moved).toMatchObject({ parent: nappali.id, path: 'Nappali » Bögrék és csészék' });
    expect((await visitor.category.byId({ id: porcelan.id })).urlPath).toBe('nappali/bogrek/porcelan-bogrek');

    await expectTrpcError(
      admin.category.update({ id: bogrek.id, parent: porcelan.id }),
      'CONFLICT',
      /alkategóriája/,
    );
    await expectTrpcError(admin.category.update({ id: bogrek.id, parent: bogrek.id }), 'CONFLICT');
    await expectTrpcError(
      admin.category.update({ id: bogrek.id, parent: 999_999 }),
      'BAD_REQUEST',
      'Hibás adat: parent – A megadott szülőkategória nem létezik.',
    );

    const toRoot = await admin.category.update({ id: bogrek.id, parent: null });
    expect(toRoot).toMatchObject({ parent: null, path: 'Bögrék és csészék', ancestorIds: [] });
    await admin.category.update({ id: bogrek.id, parent: konyha.id });
  });

  it('serves the tree of enabled categories and drops its cache after a change', async () => {
    const before = (await visitor.category.tree()).items;
    const konyhaNode = before.find((node) => node.id === konyha.id);
    expect(konyhaNode?.children.map((child) => child.title)).toEqual(['Bögrék és csészék']);
    expect(konyhaNode?.children[0]?.parent).toBe(konyha.id);
    expect(konyhaNode?.children[0]?.children[0]?.path).toBe(
      'Konyha és étkező » Bögrék és csészék » Porcelán bögrék',
    );

    await create('Tányérok', { parent: konyha.id });
    const after = (await visitor.category.tree()).items;
    expect(after.find((node) => node.id === konyha.id)?.children.map((child) => child.title)).toEqual([
      'Bögrék és csészék',
      'Tányérok',
    ]);

    await admin.category.update({ id: bogrek.id, enabled: false });
    const hidden = (await visitor.category.tree()).items;
    expect(hidden.find((node) => node.id === konyha.id)?.children.map((child) => child.title)).toEqual([
      'Tányérok',
    ]);
    // A disabled parent hides its subtree from shoppers but not from admins.
    await expectTrpcError(visitor.category.byId({ id: porcelan.id }), 'NOT_FOUND');
    expect((await admin.category.byId({ id: porcelan.id })).enabled).toBe(true);
    await admin.category.update({ id: bogrek.id, enabled: true });
  });

  it('lets another server see a change within its poll interval', async () => {
    let now = 1_000_000;
    const otherServer = new VersionedCache(db.prisma, { pollIntervalMs: 1000, now: () => now });
    const other = await callerFor(db.prisma, { cache: otherServer });
    const titles = async () => (await other.category.tree()).items.map((node) => node.title);

    expect(await titles()).not.toContain('Kert');
    await create('Kert');
    // Still inside the poll interval: the other server answers from its cache.
    now += 500;
    expect(await titles()).not.toContain('Kert');
    now += 600;
    expect(await titles()).toContain('Kert');
  });

  it('lists categories flat with search, parent filter and paging', async () => {
    const all = await admin.category.findAll({ sort: 'id', pageSize: 500 });
    expect(all.total).toBe(all.items.length);
    const children = await visitor.category.findAll({ parent: konyha.id, sort: 'title' });
    expect(children.items.map((item) => item.title)).toEqual(['Bögrék és csészék', 'Tányérok']);
    const roots = await visitor.category.findAll({ parent: null, sort: 'id' });
    expect(roots.items.length).toBeGreaterThan(0);
    expect(roots.items.every((item) => item.parent === null)).toBe(true);
    const search = await visitor.category.findAll({ search: 'porcelan' });
    expect(search.items.map((item) => item.id)).toEqual([porcelan.id]);
    const paged = await visitor.category.findAll({ sort: 'id', page: 2, pageSize: 2 });
    expect(paged).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(2);
    expect((await visitor.category.findAll()).page).toBe(1);
  });

  it('refuses to delete a category that has subcategories, deletes a leaf', async () => {
    await expectTrpcError(admin.category.delete({ id: bogrek.id }), 'CONFLICT', /alkategóriái/);
    expect(await admin.category.delete({ id: porcelan.id })).toEqual({ ok: true });
    await expectTrpcError(visitor.category.byId({ id: porcelan.id }), 'NOT_FOUND');
    expect((await visitor.category.byId({ id: bogrek.id })).childCount).toBe(0);
    await expectTrpcError(admin.category.delete({ id: porcelan.id }), 'NOT_FOUND');
    expect(await db.prisma.description.count({ where: { categoryId: porcelan.id } })).toBe(0);
  });

  it('deletes a description unless it is the last one of its owner', async () => {
    const category = await admin.category.byId({ id: bogrek.id });
    const hu = category.descriptions.find((d) => d.language === 'hu')!;
    const en = category.descriptions.find((d) => d.language === 'en')!;
    expect(await admin.description.delete({ id: en.id })).toEqual({ ok: true });
    expect((await visitor.category.byId({ id: bogrek.id })).descriptions.map((d) => d.language)).toEqual([
      'hu',
    ]);
    await expectTrpcError(admin.description.delete({ id: hu.id }), 'CONFLICT', /utolsó leírás/);
    await expectTrpcError(admin.description.delete({ id: en.id }), 'NOT_FOUND');
  });
});
