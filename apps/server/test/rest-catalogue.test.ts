import { cataloguePdf } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

type ErrorBody = { message: string; code: string; issues?: { path: string; message: string }[] };
type Media = { id: number; mimeType: string; urls: { original: string } };
type Catalogue = {
  id: number;
  title: string;
  current: boolean;
  pageCount: number | null;
  file: { id: number; url: string; name: string } | null;
  cover: { id: number; card: string } | null;
};

let server: TestServer;
let adminToken: string;
let customerToken: string;

const PALETTE = { background: '#e3f1e0', body: '#3d7a3a', accent: '#f6fff2' };

function realPdf(): Promise<Uint8Array> {
  return cataloguePdf({
    title: 'Konyhai alapok',
    subtitle: 'Tányérok és poharak',
    footer: 'Teszt',
    palette: PALETTE,
    pages: [{ heading: 'Terítés', lines: ['Lapos tányér'] }],
  });
}

function upload(fileName: string, bytes: Uint8Array, token = adminToken) {
  return api<Media & ErrorBody>(server, 'POST', '/api/media', {
    token,
    body: { fileName, mimeType: 'application/pdf', dataBase64: Buffer.from(bytes).toString('base64') },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
});
afterAll(() => server?.close());

describe('PDF upload over REST', () => {
  it('takes a real PDF and serves it inline as application/pdf, openable by the browser viewer', async () => {
    const pdf = await realPdf();
    const { status, body } = await upload('konyhai alapok (2026).pdf', pdf);
    expect(status).toBe(200);
    expect(body.mimeType).toBe('application/pdf');

    const served = await fetch(`${server.url}${body.urls.original}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(
      `inline; filename="konyhai alapok (2026).pdf"; filename*=UTF-8''konyhai%20alapok%20%282026%29.pdf`,
    );
    // Chromium's viewer is a plugin showing this URL: object-src must let it.
    expect(served.headers.get('content-security-policy')).toContain("object-src 'self'");
    expect(served.headers.get('content-security-policy')).not.toContain('script-src');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(pdf));
  });

  it('refuses a fake PDF with 400 and a clear Hungarian message', async () => {
    const fake = Buffer.from('%PDF-1.4\n1 0 obj\nez csak egy szövegfájl\n');
    const { status, body } = await upload('hamis.pdf', fake);
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: 'A fájl nem olvasható PDF.' });
    expect(body.issues).toContainEqual({ path: 'dataBase64', message: 'A fájl nem olvasható PDF.' });

    const text = await upload('level.pdf', Buffer.from('Kedves Vevő! Ez nem PDF.'));
    expect(text.status).toBe(400);
    expect(text.body.message).toMatch(/PDF/);
  });

  it('refuses a PDF over 30 MB with 413', async () => {
    const pdf = await realPdf();
    const oversized = Buffer.concat([
      Buffer.from(pdf),
      Buffer.alloc(30 * 1024 * 1024 + 1 - pdf.byteLength, 0x0a),
    ]);
    const { status, body } = await upload('nagy.pdf', oversized);
    expect(status).toBe(413);
    expect(body.message).toBe('A PDF legfeljebb 30 MB lehet.');
  });

  it('refuses uploads from strangers (401) and shoppers (403)', async () => {
    const pdf = await realPdf();
    const stranger = await api<ErrorBody>(server, 'POST', '/api/media', {
      body: {
        fileName: 'a.pdf',
        mimeType: 'application/pdf',
        dataBase64: Buffer.from(pdf).toString('base64'),
      },
    });
    expect(stranger.status).toBe(401);
    expect((await upload('a.pdf', pdf, customerToken)).status).toBe(403);
  });
});

describe('/api/catalogue', () => {
  it('creates a catalogue from an uploaded PDF with a cover drawn from its first page, and shoppers see it', async () => {
    const file = (await upload('tel.pdf', await realPdf())).body;
    const created = await api<Catalogue>(server, 'POST', '/api/catalogue', {
      token: adminToken,
      body: { file: file.id, descriptions: [{ language: 'hu', title: 'Téli katalógus' }] },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ title: 'Téli katalógus', current: true, pageCount: 2 });
    const cover = await fetch(`${server.url}${created.body.cover?.card}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/webp');

    const list = await api<{ items: Catalogue[] }>(server, 'GET', '/api/catalogue');
    expect(list.status).toBe(200);
    expect(list.body.items.map((catalogue) => catalogue.title)).toContain('Téli katalógus');
    const one = await api<Catalogue>(server, 'GET', `/api/catalogue/${created.body.id}`);
    expect(one.body.file?.url).toBe(`/media/${file.id}/original`);

    const hidden = await api<Catalogue>(server, 'PUT', '/api/catalogue', {
      token: adminToken,
      body: { id: created.body.id, enabled: false },
    });
    expect(hidden.body.current).toBe(false);
    const gone = await api<ErrorBody>(server, 'GET', `/api/catalogue/${created.body.id}`);
    expect(gone).toMatchObject({ status: 404, body: { message: 'A keresett tartalom nem található.' } });
    expect(
      (await api<Catalogue>(server, 'GET', `/api/catalogue/${created.body.id}`, { token: adminToken }))
        .status,
    ).toBe(200);

    const removed = await api(server, 'DELETE', `/api/catalogue/${created.body.id}`, { token: adminToken });
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    expect((await fetch(`${server.url}/media/${file.id}/original`)).status).toBe(404);
  });

  it('answers bad input with 400 in Hungarian, strangers with 401 and shoppers with 403', async () => {
    const missing = await api<ErrorBody>(server, 'POST', '/api/catalogue', {
      token: adminToken,
      body: { descriptions: [{ language: 'hu', title: 'Nincs PDF' }] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.issues?.some((issue) => issue.path === 'file')).toBe(true);

    const notPdf = await api<ErrorBody>(server, 'POST', '/api/catalogue', {
      token: adminToken,
      body: { file: 999_999, descriptions: [{ language: 'hu', title: 'X' }] },
    });
    expect(notPdf).toMatchObject({
      status: 400,
      body: { message: 'A kiválasztott PDF nem található a médiatárban.' },
    });

    const body = { file: 1, descriptions: [{ language: 'hu', title: 'X' }] };
    expect((await api(server, 'POST', '/api/catalogue', { body })).status).toBe(401);
    expect((await api(server, 'POST', '/api/catalogue', { body, token: customerToken })).status).toBe(403);
    expect((await api(server, 'DELETE', '/api/catalogue/1', { token: customerToken })).status).toBe(403);
  });
});
