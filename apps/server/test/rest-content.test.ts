import type { TCategory, TCategoryTreeNode, TPage } from '@shop/api/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

type ErrorBody = { message: string; code: string; issues?: { path: string; message: string }[] };

let server: TestServer;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
});
afterAll(() => server?.close());

describe('sign-in over REST', () => {
  it('answers a failed sign-in with {msg} and status 200, never 401', async () => {
    const user = await createUser(server.database, 'customer');
    const wrong = await api(server, 'POST', '/api/user/signin', {
      body: { ...user, password: 'rossz-jelszo' },
    });
    expect(wrong).toMatchObject({ status: 200, body: { msg: 'Hibás felhasználónév vagy jelszó!' } });
    const unknown = await api(server, 'POST', '/api/user/signin', {
      body: { email: 'nincs-ilyen@example.hu', password: 'barmi-123' },
    });
    expect(unknown).toMatchObject({ status: 200, body: { msg: 'Hibás felhasználónév vagy jelszó!' } });
  });

  it('reads the token from the `token` header and from Authorization: Bearer', async () => {
    const viaToken = await api<{ role: string }>(server, 'GET', '/api/user/details', { token: adminToken });
    expect(viaToken).toMatchObject({ status: 200, body: { role: 'admin' } });
    const viaBearer = await api<{ role: string }>(server, 'GET', '/api/user/details', {
      headers: { authorization: `Bearer ${customerToken}` },
    });
    expect(viaBearer).toMatchObject({ status: 200, body: { role: 'customer' } });
  });

  it('revokes the session on sign-out', async () => {
    const token = await signIn(server, await createUser(server.database, 'customer'));
    expect((await api(server, 'POST', '/api/user/signout', { token })).status).toBe(200);
    const after = await api<ErrorBody>(server, 'GET', '/api/user/details', { token });
    expect(after).toMatchObject({
      status: 401,
      body: { message: 'A munkamenet lejárt. Jelentkezz be újra!' },
    });
  });
});

describe('categories over REST', () => {
  let root: TCategory;
  let child: TCategory;

  it("lets an admin create categories with the spec's names: parent and descriptions", async () => {
    const created = await api<TCategory>(server, 'POST', '/api/category', {
      token: adminToken,
      body: { descriptions: [{ language: 'hu', title: 'Kert és terasz' }] },
    });
    expect(created.status).toBe(200);
    root = created.body;
    expect(root).toMatchObject({ slug: 'kert-es-terasz', title: 'Kert és terasz', parent: null });
    expect(root).not.toHaveProperty('parentId');
    expect(root).not.toHaveProperty('description');

    const second = await api<TCategory>(server, 'POST', '/api/category', {
      token: adminToken,
      body: {
        parent: root.id,
        descriptions: [{ title: 'Kerti bútorok' }, { language: 'en', title: 'Garden furniture' }],
      },
    });
    expect(second.status).toBe(200);
    child = second.body;
    expect(child).toMatchObject({ parent: root.id, path: 'Kert és terasz » Kerti bútorok' });
    expect(child.descriptions.map(({ language, title }) => ({ language, title }))).toEqual([
      { language: 'hu', title: 'Kerti bútorok' },
      { language: 'en', title: 'Garden furniture' },
    ]);
    const reread = await api<TCategory>(server, 'GET', `/api/category/${child.id}`);
    expect(reread.body).toMatchObject({ parent: root.id, ancestorIds: [root.id] });
  });

  it('refuses a write without a token (401) and from a customer (403), in Hungarian', async () => {
    const body = { descriptions: [{ title: 'Tiltott' }] };
    const anonymous = await api<ErrorBody>(server, 'POST', '/api/category', { body });
    expect(anonymous).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: 'A munkamenet lejárt. Jelentkezz be újra!' },
    });
    const customer = await api<ErrorBody>(server, 'POST', '/api/category', { body, token: customerToken });
    expect(customer).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(customer.body.message).toMatch(/jogosultság/);
  });

  it('names the bad field in Hungarian on a 400', async () => {
    const { status, body } = await api<ErrorBody>(server, 'POST', '/api/category', {
      token: adminToken,
      body: { descriptions: [{ title: '' }] },
    });
    expect(status).toBe(400);
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.message).toContain('A cím kötelező.');
    expect(body.issues).toContainEqual({ path: 'descriptions.0.title', message: 'A cím kötelező.' });
    expect(JSON.stringify(body)).not.toMatch(/stack|at .*\.ts:/);
  });

  it('serves the tree with GET /api/category, including a category created a moment ago', async () => {
    const { status, body } = await api<{ items: TCategoryTreeNode[] }>(server, 'GET', '/api/category');
    expect(status).toBe(200);
    const node = body.items.find((item) => item.id === root.id);
    expect(node?.children.map((item) => [item.title, item.parent])).toEqual([['Kerti bútorok', root.id]]);
  });

  it('finds a category by slug path with POST /api/category/getBySlug and by id with GET', async () => {
    const bySlug = await api<TCategory>(server, 'POST', '/api/category/getBySlug', {
      body: { slug: 'kert-es-terasz/kerti-butorok' },
    });
    expect(bySlug).toMatchObject({ status: 200, body: { id: child.id } });
    const byId = await api<TCategory>(server, 'GET', `/api/category/${root.id}`);
    expect(byId).toMatchObject({ status: 200, body: { slug: 'kert-es-terasz' } });
    const missing = await api<ErrorBody>(server, 'POST', '/api/category/getBySlug', {
      body: { slug: 'nincs-ilyen' },
    });
    expect(missing).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('lists with POST /api/category/findall and updates with PUT', async () => {
    const list = await api<{ items: TCategory[]; total: number }>(server, 'POST', '/api/category/findall', {
      body: { search: 'bútor' },
    });
    expect(list.status).toBe(200);
    expect(list.body.items.map((item) => item.id)).toEqual([child.id]);

    const children = await api<{ items: TCategory[] }>(server, 'POST', '/api/category/findall', {
      body: { parent: root.id },
    });
    expect(children.body.items.map((item) => item.id)).toEqual([child.id]);

    const updated = await api<TCategory>(server, 'PUT', '/api/category', {
      token: adminToken,
      body: { id: child.id, descriptions: [{ language: 'hu', title: 'Kerti bútorok és napernyők' }] },
    });
    expect(updated).toMatchObject({ status: 200, body: { title: 'Kerti bútorok és napernyők' } });
    // Saving Hungarian replaced the Hungarian entry only; the English one is kept.
    expect(updated.body.descriptions.map(({ language, title }) => ({ language, title }))).toEqual([
      { language: 'hu', title: 'Kerti bútorok és napernyők' },
      { language: 'en', title: 'Garden furniture' },
    ]);
  });

  it('moves a category with PUT {parent} and back to the top level with {parent: null}', async () => {
    const other = await api<TCategory>(server, 'POST', '/api/category', {
      token: adminToken,
      body: { descriptions: [{ title: 'Erkély' }] },
    });
    const moved = await api<TCategory>(server, 'PUT', '/api/category', {
      token: adminToken,
      body: { id: child.id, parent: other.body.id },
    });
    expect(moved).toMatchObject({
      status: 200,
      body: { parent: other.body.id, urlPath: 'erkely/kerti-butorok' },
    });
    const toRoot = await api<TCategory>(server, 'PUT', '/api/category', {
      token: adminToken,
      body: { id: child.id, parent: null },
    });
    expect(toRoot).toMatchObject({ status: 200, body: { parent: null, urlPath: 'kerti-butorok' } });
    const missingParent = await api<ErrorBody>(server, 'PUT', '/api/category', {
      token: adminToken,
      body: { id: child.id, parent: 999_999 },
    });
    expect(missingParent).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(missingParent.body.issues).toContainEqual({
      path: 'parent',
      message: 'A megadott szülőkategória nem létezik.',
    });
    await api(server, 'PUT', '/api/category', { token: adminToken, body: { id: child.id, parent: root.id } });
    await api(server, 'DELETE', `/api/category/${other.body.id}`, { token: adminToken });
  });

  it('refuses to delete a category with subcategories (409) and deletes a leaf', async () => {
    const conflict = await api<ErrorBody>(server, 'DELETE', `/api/category/${root.id}`, {
      token: adminToken,
    });
    expect(conflict).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    const deleted = await api(server, 'DELETE', `/api/category/${child.id}`, { token: adminToken });
    expect(deleted).toMatchObject({ status: 200, body: { ok: true } });
    expect((await api(server, 'GET', `/api/category/${child.id}`)).status).toBe(404);
  });
});

describe('pages over REST', () => {
  let page: TPage;

  it('lets an admin create a page and anyone read it by slug and id', async () => {
    const created = await api<TPage>(server, 'POST', '/api/page', {
      token: adminToken,
      body: {
        published: true,
        descriptions: [
          { language: 'en', title: 'Delivery terms', body: '<p>Home delivery.</p>' },
          { title: 'Szállítási feltételek', body: '<p>Házhoz szállítás.</p>' },
        ],
      },
    });
    expect(created.status).toBe(200);
    page = created.body;
    expect(page.slug).toBe('szallitasi-feltetelek');
    expect(page.descriptions.map(({ language, title }) => ({ language, title }))).toEqual([
      { language: 'hu', title: 'Szállítási feltételek' },
      { language: 'en', title: 'Delivery terms' },
    ]);

    const bySlug = await api<TPage>(server, 'POST', '/api/page/by-slug', { body: { slug: page.slug } });
    expect(bySlug).toMatchObject({ status: 200, body: { id: page.id, body: '<p>Házhoz szállítás.</p>' } });
    const byId = await api<TPage>(server, 'GET', `/api/page/${page.id}`);
    expect(byId).toMatchObject({ status: 200, body: { title: 'Szállítási feltételek' } });
    const list = await api<{ items: { id: number }[] }>(server, 'GET', '/api/page');
    expect(list.body.items.map((item) => item.id)).toContain(page.id);
  });

  it("answers an unknown slug with 404 'A keresett tartalom nem található.'", async () => {
    const missing = await api<ErrorBody>(server, 'POST', '/api/page/by-slug', {
      body: { slug: 'nincs-ilyen-oldal' },
    });
    expect(missing).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'A keresett tartalom nem található.' },
    });
  });

  it('lets only an admin update and delete a page', async () => {
    const forbidden = await api(server, 'DELETE', `/api/page/${page.id}`, { token: customerToken });
    expect(forbidden.status).toBe(403);
    const updated = await api<TPage>(server, 'PUT', '/api/page', {
      token: adminToken,
      body: { id: page.id, inFooter: true },
    });
    expect(updated).toMatchObject({ status: 200, body: { inFooter: true } });
    const english = await api<TPage>(server, 'PUT', '/api/page', {
      token: adminToken,
      body: {
        id: page.id,
        descriptions: [{ language: 'en', title: 'Shipping', body: '<p>By courier.</p>' }],
      },
    });
    expect(english.status).toBe(200);
    // Saving English replaced the English entry only; the Hungarian text the shop shows is kept.
    expect(english.body).toMatchObject({ title: 'Szállítási feltételek', body: '<p>Házhoz szállítás.</p>' });
    expect(english.body.descriptions.map(({ language, title, body }) => ({ language, title, body }))).toEqual(
      [
        { language: 'hu', title: 'Szállítási feltételek', body: '<p>Házhoz szállítás.</p>' },
        { language: 'en', title: 'Shipping', body: '<p>By courier.</p>' },
      ],
    );
    const deleted = await api(server, 'DELETE', `/api/page/${page.id}`, { token: adminToken });
    expect(deleted).toMatchObject({ status: 200, body: { ok: true } });
  });
});
