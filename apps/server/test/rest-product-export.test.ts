import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, TEST_PUBLIC_URL, type TestServer } from './test-server';

let server: TestServer;
let adminToken: string;
let customerToken: string;

const exportFile = (query: string, token?: string) =>
  fetch(`${server.url}/api/product/export${query}`, { headers: token ? { token } : {} });

/** The CSV's rows as cell lists (the products here hold no quoted cells). */
const csvLines = (text: string) =>
  text
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.split(';'));

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  const photo = await server.database.prisma.media.create({
    data: { originalName: 'bogre.png', mimeType: 'image/png', width: 10, height: 10, sizeBytes: 10 },
  });
  for (const [kutiId, title, enabled] of [
    ['REST-BOG', 'Kék bögre', true],
    ['REST-TANY', 'Tányér', false],
  ] as const) {
    const saved = await api(server, 'POST', '/api/product/update', {
      token: adminToken,
      body: {
        kutiId,
        price: 3990,
        stock: 5,
        enabled,
        descriptions: [{ language: 'hu', title }],
        imageIds: [photo.id],
      },
    });
    expect(saved.status).toBe(200);
  }
});
afterAll(() => server?.close());

describe('GET /api/product/export', () => {
  it('sends the filtered products as an Excel-ready CSV download, streamed, filters read from the query', async () => {
    const response = await exportFile('?state=enabled&sort=name', adminToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="termekek-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    // Written as it is read from the database: no length known up front.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')[0]?.split(';').slice(0, 3)).toEqual(['Cikkszám', 'Fő cikkszám', 'Név']);
    const rows = csvLines(text);
    expect(rows.map((row) => row[0])).toEqual(['REST-BOG']);
    // Pictures by the shop's public address, which the server was started with.
    const pictures = text.split('\r\n')[0]!.split(';').indexOf('Képek');
    expect(rows[0]![pictures]).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/media/\\d+/original$`));

    const all = csvLines(await (await exportFile('?search=REST', adminToken)).text());
    expect(all.map((row) => row[0]).sort()).toEqual(['REST-BOG', 'REST-TANY']);
  });

  it('sends an XLSX as its bytes', async () => {
    const response = await exportFile('?format=xlsx', adminToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="termekek-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A ZIP (what an XLSX is), not base64 text.
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });

  it('answers a bad format or an unknown category before any file, a shopper 403 and a stranger 401', async () => {
    const bad = await exportFile('?format=pdf', adminToken);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.stringify(await bad.json())).toContain('A formátum (format) csv vagy xlsx lehet.');
    const unknown = await exportFile('?categoryId=99999', adminToken);
    expect(unknown.status).toBe(404);
    expect((await exportFile('', customerToken)).status).toBe(403);
    expect((await exportFile('')).status).toBe(401);
  });
});
