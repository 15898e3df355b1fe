import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPage } from '../src/schemas';
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

describe('page', () => {
  let terms: TPage;
  let draft: TPage;

  it('creates pages with a slug from the Hungarian title unless one is given', async () => {
    terms = await admin.page.create({
      descriptions: [
        { language: 'hu', title: 'Általános szerződési feltételek', body: '<p>ÁSZF szövege</p>' },
      ],
    });
    expect(terms).toMatchObject({
      slug: 'altalanos-szerzodesi-feltetelek',
      title: 'Általános szerződési feltételek',
      body: '<p>ÁSZF szövege</p>',
      published: true,
    });
    expect(Number.isNaN(Date.parse(terms.updatedAt))).toBe(false);

    draft = await admin.page.create({
      slug: 'cegadatok',
      published: false,
      descriptions: [{ language: 'hu', title: 'Cégadatok' }],
    });
    expect(draft).toMatchObject({ slug: 'cegadatok', published: false, body: '' });
    const again = await admin.page.create({
      descriptions: [{ language: 'hu', title: 'Általános szerződési feltételek' }],
    });
    expect(again.slug).toBe('altalanos-szerzodesi-feltetelek-2');
    await admin.page.delete({ id: again.id });
    await expectTrpcError(
      admin.page.create({ slug: 'cegadatok', descriptions: [{ language: 'hu', title: 'Más' }] }),
      'CONFLICT',
    );
  });

  it('keeps both languages of a two-language create; the Hungarian one is the title', async () => {
    const both = await admin.page.create({
      published: false,
      descriptions: [
        { language: 'en', title: 'Shipping', body: '<p>By courier.</p>' },
        { language: 'hu', title: 'Szállítás', body: '<p>Futárral.</p>' },
      ],
    });
    expect(both).toMatchObject({ slug: 'szallitas', title: 'Szállítás', body: '<p>Futárral.</p>' });
    expect(both.descriptions.map((d) => [d.language, d.title, d.body])).toEqual([
      ['hu', 'Szállítás', '<p>Futárral.</p>'],
      ['en', 'Shipping', '<p>By courier.</p>'],
    ]);
    await admin.page.delete({ id: both.id });
  });

  it('lists published pages to shoppers and every page to admins', async () => {
    expect((await visitor.page.list()).items.map((page) => page.slug)).toEqual([
      'altalanos-szerzodesi-feltetelek',
    ]);
    const all = (await admin.page.list()).items;
    expect(all.map((page) => page.slug).sort()).toEqual(['altalanos-szerzodesi-feltetelek', 'cegadatok']);
    expect(all[0]).not.toHaveProperty('body');
  });

  it('finds a page by slug; an unknown or unpublished one is 404 with the spec message', async () => {
    expect((await visitor.page.bySlug({ slug: 'altalanos-szerzodesi-feltetelek' })).id).toBe(terms.id);
    await expectTrpcError(
      visitor.page.bySlug({ slug: 'nincs-ilyen' }),
      'NOT_FOUND',
      /^A keresett tartalom nem található\.$/,
    );
    await expectTrpcError(
      visitor.page.bySlug({ slug: 'cegadatok' }),
      'NOT_FOUND',
      'A keresett tartalom nem található.',
    );
    await expectTrpcError(visitor.page.byId({ id: draft.id }), 'NOT_FOUND');
    expect((await admin.page.bySlug({ slug: 'cegadatok' })).id).toBe(draft.id);
    expect((await visitor.page.byId({ id: terms.id })).title).toBe('Általános szerződési feltételek');
  });

  it('updates fields and replaces the description of the saved language only', async () => {
    const updated = await admin.page.update({
      id: draft.id,
      published: true,
      inFooter: false,
      descriptions: [{ language: 'hu', title: 'Cégadatok', body: 'Webshop Kft., Budapest' }],
    });
    expect(updated).toMatchObject({ published: true, inFooter: false, body: 'Webshop Kft., Budapest' });
    expect(updated.descriptions).toHaveLength(1);
    const english = await admin.page.update({
      id: draft.id,
      descriptions: [{ language: 'en', title: 'Company data' }],
    });
    expect(english.descriptions.map((d) => [d.language, d.title, d.body])).toEqual([
      ['hu', 'Cégadatok', 'Webshop Kft., Budapest'],
      ['en', 'Company data', null],
    ]);
    expect(english.title).toBe('Cégadatok');
    const hungarianAgain = await admin.page.update({
      id: draft.id,
      descriptions: [{ language: 'hu', title: 'Cégünk adatai', body: 'Webshop Kft., Budapest' }],
    });
    expect(hungarianAgain.descriptions.map((d) => [d.language, d.title])).toEqual([
      ['hu', 'Cégünk adatai'],
      ['en', 'Company data'],
    ]);
    expect((await visitor.page.bySlug({ slug: 'cegadatok' })).body).toBe('Webshop Kft., Budapest');
    await expectTrpcError(
      admin.page.update({ id: draft.id, slug: 'altalanos-szerzodesi-feltetelek' }),
      'CONFLICT',
      /URL-név/,
    );
    await expectTrpcError(admin.page.update({ id: 999_999, published: false }), 'NOT_FOUND');
  });

  it('deletes a page description unless it is the last one', async () => {
    const page = await admin.page.byId({ id: draft.id });
    const [hu, en] = page.descriptions;
    await admin.description.delete({ id: en!.id });
    await expectTrpcError(admin.description.delete({ id: hu!.id }), 'CONFLICT');
  });

  it('deletes a page, then it is gone', async () => {
    expect(await admin.page.delete({ id: draft.id })).toEqual({ ok: true });
    await expectTrpcError(admin.page.byId({ id: draft.id }), 'NOT_FOUND');
    await expectTrpcError(
      admin.page.delete({ id: draft.id }),
      'NOT_FOUND',
      'A keresett tartalom nem található.',
    );
    expect(await db.prisma.description.count({ where: { pageId: draft.id } })).toBe(0);
  });
});

describe('database conflicts', () => {
  it('turns a unique violation the services did not foresee into a Hungarian 409', async () => {
    const { toDomainError, toHttpStatus } = await import('../src/errors');
    const error = await db.prisma.page.create({ data: { slug: 'altalanos-szerzodesi-feltetelek' } }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const domain = toDomainError(error);
    expect(toHttpStatus(domain)).toBe(409);
    expect(domain.message).toBe('Ez az érték már foglalt (URL-név). Kérjük, adj meg másikat!');
  });
});
