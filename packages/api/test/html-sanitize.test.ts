import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltInEmailTemplates } from './email-fixtures';
import { callerFor, createAdmin, type SignedIn } from './factories';

let db: Database;
let admin: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  await createBuiltInEmailTemplates(db.prisma);
  admin = await createAdmin(db.prisma);
});
afterAll(() => db?.close());

const HOSTILE =
  '<p>Hasznos szöveg</p><script>alert(1)</script><img src="/media/1/card" onerror="alert(2)">' +
  '<a href="javascript:alert(3)">katt</a><a href=" JaVaScRiPt:alert(4)">ide</a>';

/** Nothing of the attack may remain, while the harmless text does. */
function expectDisarmed(html: string | null | undefined) {
  expect(html).toContain('Hasznos szöveg');
  expect(html).toContain('<img src="/media/1/card">');
  expect(html).not.toMatch(/<script|onerror|javascript:/i);
}

describe('admin-written HTML is cleaned on every write and never comes back raw', () => {
  it('page bodies, on create and update, as the admin and the shop read them', async () => {
    const page = await admin.caller.page.create({
      slug: 'tamadas',
      descriptions: [{ language: 'hu', title: 'Támadás', body: HOSTILE }],
    });
    expectDisarmed(page.body);
    await admin.caller.page.update({
      id: page.id,
      descriptions: [{ language: 'en', title: 'Attack', body: HOSTILE }],
    });
    const read = await admin.caller.page.byId({ id: page.id });
    for (const description of read.descriptions) expectDisarmed(description.body);
    expectDisarmed((await (await callerFor(db.prisma)).page.bySlug({ slug: 'tamadas' })).body);
    const stored = await db.prisma.description.findMany({ where: { pageId: page.id } });
    for (const description of stored) expectDisarmed(description.body);
  });

  it('category descriptions', async () => {
    const category = await admin.caller.category.create({
      descriptions: [{ language: 'hu', title: 'Bögrék', body: HOSTILE }],
    });
    const stored = await db.prisma.description.findFirstOrThrow({ where: { categoryId: category.id } });
    expectDisarmed(stored.body);
  });

  it('product descriptions', async () => {
    const product = await admin.caller.product.update({
      price: 1290,
      descriptions: [{ language: 'hu', title: 'Bögre', body: HOSTILE }],
    });
    const stored = await db.prisma.description.findFirstOrThrow({ where: { productId: product.id } });
    expectDisarmed(stored.body);
  });

  it('e-mail templates, on create, update and in the preview', async () => {
    const created = await admin.caller.email.create({
      key: 'tamadas',
      name: 'Támadás',
      subject: 'Tárgy',
      bodyHtml: `${HOSTILE}<p>{{firstName}}</p>`,
    });
    expectDisarmed(created.bodyHtml);
    expect(created.bodyHtml).toContain('{{firstName}}');
    const updated = await admin.caller.email.update({ id: created.id, bodyHtml: HOSTILE });
    expectDisarmed(updated.bodyHtml);
    expectDisarmed((await admin.caller.email.byId({ id: created.id })).bodyHtml);
    expectDisarmed((await admin.caller.email.preview({ subject: 'x', bodyHtml: HOSTILE })).html);
  });
});
