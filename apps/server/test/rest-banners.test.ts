import type { TBanner, TPopup } from '@shop/api/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

type ErrorBody = { message: string; issues?: { path: string; message: string }[] };

let server: TestServer;
let adminToken: string;
let customerToken: string;
let imageId: number;

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const hu = (title: string, body?: string) => [{ language: 'hu', title, body }];

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  const media = await server.database.prisma.media.create({
    data: { originalName: 'hero.png', mimeType: 'image/png', width: 1600, height: 600, sizeBytes: 10 },
    select: { id: true },
  });
  imageId = media.id;
});
afterAll(() => server?.close());

describe('/api/hero over REST', () => {
  it('creates, reads, updates and deletes a hero at the spec paths', async () => {
    const created = await api<TBanner>(server, 'POST', '/api/hero', {
      token: adminToken,
      body: { descriptions: hu('Téli akció', 'Minden bögre 20% kedvezménnyel'), link: '/akcio', imageId },
    });
    expect(created).toMatchObject({
      status: 200,
      body: { title: 'Téli akció', text: 'Minden bögre 20% kedvezménnyel', image: { id: imageId } },
    });
    const id = created.body.id;

    const updated = await api<TBanner>(server, 'PUT', '/api/hero', {
      token: adminToken,
      body: { id, buttonLabel: 'Megnézem', imageId: null, link: null },
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { id, buttonLabel: 'Megnézem', image: null, link: null, title: 'Téli akció' },
    });
    expect((await api<TBanner>(server, 'GET', `/api/hero/${id}`)).body.buttonLabel).toBe('Megnézem');
    expect(
      (await api<{ items: TBanner[] }>(server, 'GET', '/api/hero')).body.items.map((hero) => hero.id),
    ).toEqual([id]);

    expect(await api(server, 'DELETE', `/api/hero/${id}`, { token: adminToken })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await api<ErrorBody>(server, 'GET', `/api/hero/${id}`)).toMatchObject({
      status: 404,
      body: { message: 'A keresett tartalom nem található.' },
    });
  });

  it('hides a hero outside its window from shoppers but not from the admin', async () => {
    const later = await api<TBanner>(server, 'POST', '/api/hero', {
      token: adminToken,
      body: { descriptions: hu('Jövő hét'), activeFrom: daysFromNow(7) },
    });
    expect(later.body.active).toBe(false);
    expect((await api<{ items: TBanner[] }>(server, 'GET', '/api/hero')).body.items).toEqual([]);
    expect((await api(server, 'GET', `/api/hero/${later.body.id}`)).status).toBe(404);
    expect((await api(server, 'GET', `/api/hero/${later.body.id}`, { token: adminToken })).status).toBe(200);
    const mine = await api<{ items: TBanner[] }>(server, 'GET', '/api/hero', { token: adminToken });
    expect(mine.body.items.map((hero) => hero.title)).toEqual(['Jövő hét']);
    await api(server, 'DELETE', `/api/hero/${later.body.id}`, { token: adminToken });
  });

  it('answers bad input with 400 and a Hungarian message naming the field', async () => {
    const backwards = await api<ErrorBody>(server, 'POST', '/api/hero', {
      token: adminToken,
      body: { descriptions: hu('X'), activeFrom: daysFromNow(2), activeTo: daysFromNow(1) },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('Az aktív időszak vége legyen a kezdete után.');
    expect(backwards.body.issues?.[0]?.path).toBe('activeTo');

    const badLink = await api<ErrorBody>(server, 'POST', '/api/hero', {
      token: adminToken,
      body: { descriptions: hu('X'), link: 'javascript:alert(1)' },
    });
    expect(badLink.status).toBe(400);
    expect(badLink.body.message).toMatch(/^Hibás adat: link – A hivatkozás/);

    const noImage = await api<ErrorBody>(server, 'POST', '/api/hero', {
      token: adminToken,
      body: { descriptions: hu('X'), imageId: 987_654 },
    });
    expect(noImage).toMatchObject({
      status: 400,
      body: { message: 'A kiválasztott kép nem található a médiatárban.' },
    });
  });

  it('refuses writes from strangers (401) and customers (403)', async () => {
    const body = { descriptions: hu('X') };
    expect((await api(server, 'POST', '/api/hero', { body })).status).toBe(401);
    expect((await api(server, 'POST', '/api/hero', { body, token: customerToken })).status).toBe(403);
    expect((await api(server, 'PUT', '/api/hero', { body: { id: 1 }, token: customerToken })).status).toBe(
      403,
    );
    expect((await api(server, 'DELETE', '/api/hero/1')).status).toBe(401);
  });
});

describe('/api/sliders over REST', () => {
  it('answers /getActive as a list, not as the slide with id "getActive"', async () => {
    const shown = await api<TBanner>(server, 'POST', '/api/sliders', {
      token: adminToken,
      body: { descriptions: hu('Ingyenes szállítás'), activeTo: daysFromNow(1) },
    });
    const off = await api<TBanner>(server, 'POST', '/api/sliders', {
      token: adminToken,
      body: { descriptions: hu('Kikapcsolt'), enabled: false },
    });
    const active = await api<{ items: TBanner[] }>(server, 'GET', '/api/sliders/getActive');
    expect(active.status).toBe(200);
    expect(active.body.items.map((slide) => slide.title)).toEqual(['Ingyenes szállítás']);
    expect(
      (await api<{ items: TBanner[] }>(server, 'GET', '/api/sliders', { token: adminToken })).body.items,
    ).toHaveLength(2);
    expect((await api<TBanner>(server, 'GET', `/api/sliders/${shown.body.id}`)).body.title).toBe(
      'Ingyenes szállítás',
    );
    expect((await api(server, 'GET', `/api/sliders/${off.body.id}`)).status).toBe(404);
    expect((await api(server, 'GET', '/api/sliders/abc')).status).toBe(400);
    for (const slide of [shown, off]) {
      expect(
        (await api(server, 'DELETE', `/api/sliders/${slide.body.id}`, { token: adminToken })).status,
      ).toBe(200);
    }
  });
});

describe('/api/popup over REST', () => {
  const popup = {
    enabled: true,
    title: 'Hírlevél',
    body: '<p>Iratkozz fel!</p><img src="x" onerror="alert(1)">',
    audience: 'guests',
    frequency: 'once_per_session',
  };

  it('saves the popup (admin only) and answers it to the audience it is for', async () => {
    expect((await api(server, 'GET', '/api/popup')).body).toBeNull();
    expect((await api(server, 'POST', '/api/popup', { body: popup })).status).toBe(401);
    expect((await api(server, 'POST', '/api/popup', { body: popup, token: customerToken })).status).toBe(403);

    const saved = await api<TPopup>(server, 'POST', '/api/popup', { body: popup, token: adminToken });
    expect(saved).toMatchObject({
      status: 200,
      body: { title: 'Hírlevél', audience: 'guests', active: true },
    });
    expect(saved.body.body).not.toContain('onerror');

    expect(await api<TPopup>(server, 'GET', '/api/popup')).toMatchObject({
      status: 200,
      body: { title: 'Hírlevél', frequency: 'once_per_session', updatedAt: saved.body.updatedAt },
    });
    expect((await api(server, 'GET', '/api/popup', { token: customerToken })).body).toBeNull();
  });

  it('refuses an unknown audience with a Hungarian 400', async () => {
    const wrong = await api<ErrorBody>(server, 'POST', '/api/popup', {
      token: adminToken,
      body: { ...popup, audience: 'everybody' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('A célközönség: everyone, guests vagy customers.');
  });
});
