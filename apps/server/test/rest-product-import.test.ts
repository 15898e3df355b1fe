import { cacheFor, pictureFetcher, runDueImports } from '@shop/api';
import { zipOf } from '@shop/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createUser,
  signIn,
  startTestServer,
  statusWhileStreaming,
  TEST_PUBLIC_URL,
  type TestServer,
} from './test-server';

// The import over HTTP as an integrator or the admin screen drives it, and the round trip an owner
// makes: export the catalogue, import the unchanged file, and nothing changes (no row, no price
// history, no catalogue rebuild), in CSV and in XLSX.
type Job = { id: number; status: string; preset: string | null; mapping: Record<string, string> } & Record<
  'created' | 'changed' | 'unchanged' | 'refused' | 'processedRows' | 'totalRows',
  number
>;
type ErrorBody = { message: string; issues?: { path: string; message: string }[] };

let server: TestServer;
let adminToken: string;
let customerToken: string;

const applyPending = () =>
  runDueImports({
    prisma: server.database.prisma,
    cache: cacheFor(server.database.prisma),
    publicUrl: TEST_PUBLIC_URL,
    fetchPicture: pictureFetcher({ allowPrivateTargets: false }),
  });

async function importFile(fileName: string, bytes: Buffer): Promise<{ checked: Job; done: Job }> {
  const uploaded = await api<Job & ErrorBody>(server, 'POST', '/api/product-import', {
    token: adminToken,
    body: { fileName, dataBase64: bytes.toString('base64') },
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  const { id, mapping, preset } = uploaded.body;
  const checked = await api<Job>(server, 'POST', `/api/product-import/${id}/check`, {
    token: adminToken,
    body: { mapping, preset },
  });
  expect(checked.status).toBe(200);
  const started = await api<Job>(server, 'POST', `/api/product-import/${id}/start`, { token: adminToken });
  expect(started.body.status).toBe('pending');
  await applyPending();
  const done = await api<Job>(server, 'GET', `/api/product-import/${id}`, { token: adminToken });
  return { checked: checked.body, done: done.body };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file sent as the request body itself, as the admin screen and `curl --data-binary` send it. */
async function postFile<T>(pathname: string, bytes: Buffer, contentType: string, token = adminToken) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { token, 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as T & ErrorBody };
}

const exported = async (format: 'csv' | 'xlsx') => {
  const response = await fetch(`${server.url}/api/product/export?format=${format}`, {
    headers: { token: adminToken },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

const catalogueState = async () => ({
  history: await server.database.prisma.productPriceHistory.count(),
  versions: await server.database.prisma.cacheVersion.findMany({ orderBy: { key: 'asc' } }),
  updated: await server.database.prisma.product.findMany({
    select: { id: true, updatedAt: true },
    orderBy: { id: 'asc' },
  }),
});

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  const photo = await server.database.prisma.media.create({
    data: { originalName: 'bogre.png', mimeType: 'image/png', width: 10, height: 10, sizeBytes: 10 },
  });
  const category = await api<{ id: number }>(server, 'POST', '/api/category', {
    token: adminToken,
    body: { descriptions: [{ language: 'hu', title: 'Bögrék; "különleges"' }] },
  });
  const saved = await api<ErrorBody>(server, 'POST', '/api/product/update', {
    token: adminToken,
    body: {
      kutiId: 'RT-1',
      price: 3990,
      salePrice: 2990,
      saleStartsAt: '2026-12-01T09:00:00Z',
      saleEndsAt: '2027-01-01T00:00:00+01:00',
      stock: 5,
      vatClass: '5',
      netQuantity: 0.25,
      netQuantityUnit: 'kg',
      weightGrams: 400,
      ean: '5996123000018',
      featured: true,
      tiers: [{ minQuantity: 5, price: 3790 }],
      categoryIds: [category.body.id],
      imageIds: [photo.id],
      descriptions: [
        {
          language: 'hu',
          title: '=Különleges; "idézőjeles" bögre',
          body: '<p>Első sor</p>\n<p>-második sor</p>',
          metaTitle: 'Bögre',
          metaDescription: null,
        },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const plain = await api(server, 'POST', '/api/product/update', {
    token: adminToken,
    body: {
      kutiId: 'RT-2',
      price: 1290,
      enabled: false,
      descriptions: [{ language: 'hu', title: 'Egyszerű tál' }],
    },
  });
  expect(plain.status).toBe(200);
});
afterAll(() => server?.close());

describe('/api/product-import', () => {
  it('refuses strangers (401) and shoppers (403) before reading the body', async () => {
    const body = { fileName: 'a.csv', dataBase64: Buffer.from('Cikkszám\r\nA\r\n').toString('base64') };
    expect((await api(server, 'POST', '/api/product-import', { body })).status).toBe(401);
    expect((await api(server, 'POST', '/api/product-import', { token: customerToken, body })).status).toBe(
      403,
    );
    expect((await api(server, 'GET', '/api/product-import', { token: customerToken })).status).toBe(403);
  });

  it('refuses a file that is not a sheet with a Hungarian 400', async () => {
    const broken = await api<ErrorBody>(server, 'POST', '/api/product-import', {
      token: adminToken,
      body: { fileName: 'rossz.xlsx', dataBase64: Buffer.from('PK\x03\x04nem zip').toString('base64') },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toContain('Az XLSX fájl nem olvasható');
    const unknownField = await api<ErrorBody>(server, 'POST', '/api/product-import/1/check', {
      token: adminToken,
      body: { mapping: { Cikkszám: 'jelszo' }, preset: null },
    });
    expect(unknownField.status).toBe(400);
  });

  it('exporting and importing the unchanged CSV reports 0 changes and writes nothing', async () => {
    const before = await catalogueState();
    const { checked, done } = await importFile('termekek.csv', await exported('csv'));
    expect(checked).toMatchObject({ preset: 'sajat', created: 0, changed: 0, refused: 0, unchanged: 2 });
    expect(done).toMatchObject({ status: 'done', processedRows: 2, unchanged: 2, changed: 0 });
    expect(await catalogueState()).toEqual(before);
  });

  it('exporting and importing the unchanged XLSX reports 0 changes too', async () => {
    const before = await catalogueState();
    const { checked } = await importFile('termekek.xlsx', await exported('xlsx'));
    expect(checked).toMatchObject({ preset: 'sajat', created: 0, changed: 0, refused: 0, unchanged: 2 });
    expect(await catalogueState()).toEqual(before);
  });

  it('an edited export changes exactly the edited cell, and the report downloads as CSV', async () => {
    const csv = (await exported('csv')).toString('utf8').replace(';1290;', ';1390;');
    const { checked, done } = await importFile('szerkesztett.csv', Buffer.from(csv));
    expect(checked).toMatchObject({ changed: 1, unchanged: 1 });
    expect(done).toMatchObject({ status: 'done', changed: 1 });
    const rows = await api<{
      items: { sku: string; changes: { field: string; from: string; to: string }[] }[];
    }>(server, 'GET', `/api/product-import/${done.id}/rows?outcome=changed`, { token: adminToken });
    expect(rows.body.items).toEqual([
      expect.objectContaining({
        sku: 'RT-2',
        changes: [{ field: 'Bruttó ár (Ft)', from: '1290', to: '1390' }],
      }),
    ]);
    const report = await fetch(`${server.url}/api/product-import/${done.id}/report`, {
      headers: { token: adminToken },
    });
    expect(report.headers.get('content-type')).toContain('text/csv');
    expect(report.headers.get('content-disposition')).toContain(`import-${done.id}-jelentes`);
    expect(await report.text()).toContain('Bruttó ár (Ft): 1290 → 1390');
    const product = await server.database.prisma.product.findUnique({ where: { kutiId: 'RT-2' } });
    expect(product?.grossPrice).toBe(1390);
  });
});

describe('/api/product-import with the file as the request body', () => {
  it('takes a CSV and an XLSX as they are, named in the query string, and checks them like base64 ones', async () => {
    const csv = await postFile<Job>(
      '/api/product-import?fileName=term%C3%A9kek.csv',
      await exported('csv'),
      'text/csv',
    );
    expect(csv.status, JSON.stringify(csv.body)).toBe(200);
    expect(csv.body).toMatchObject({ fileName: 'termékek.csv', preset: 'sajat', totalRows: 2 });
    const checked = await api<Job>(server, 'POST', `/api/product-import/${csv.body.id}/check`, {
      token: adminToken,
      body: { mapping: csv.body.mapping, preset: csv.body.preset },
    });
    expect(checked.body).toMatchObject({ unchanged: 2, changed: 0, refused: 0 });
    // Windows labels a CSV with Excel's type; the format is read from the bytes.
    const labelled = await postFile<Job>(
      '/api/product-import?fileName=a.csv',
      await exported('csv'),
      'application/vnd.ms-excel',
    );
    expect(labelled.status).toBe(200);
    const xlsx = await postFile<Job>(
      '/api/product-import?fileName=termekek.xlsx',
      await exported('xlsx'),
      XLSX,
    );
    expect(xlsx.status).toBe(200);
    expect(xlsx.body).toMatchObject({ format: 'xlsx', preset: 'sajat', totalRows: 2 });
  });

  it('takes the pictures ZIP as the body of /pictures', async () => {
    const sheet = Buffer.from('Cikkszám;Név;Bruttó ár (Ft);Képek\r\nZIP-1;Zipes bögre;1990;bogre.png\r\n');
    const uploaded = await postFile<Job>('/api/product-import?fileName=zip.csv', sheet, 'text/csv');
    expect(uploaded.status).toBe(200);
    const zip = zipOf({ 'bogre.png': Buffer.from('nem igazi kép'), 'leiras.txt': Buffer.from('x') });
    const attached = await postFile<Job & { pictureCount: number }>(
      `/api/product-import/${uploaded.body.id}/pictures`,
      zip,
      'application/zip',
    );
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body.pictureCount).toBe(2);
  });

  it('refuses what it cannot take with the right status and a Hungarian message, storing nothing', async () => {
    const before = await server.database.prisma.productImport.count();
    const csv = Buffer.from('Cikkszám;Név\r\nA-1;Bögre\r\n');
    const png = await postFile('/api/product-import?fileName=a.png', csv, 'image/png');
    expect(png.status).toBe(415);
    expect(png.body.message).toContain('text/csv');
    const unnamed = await postFile('/api/product-import', csv, 'text/csv');
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.issues?.[0]?.path).toBe('fileName');
    const unknown = await postFile('/api/product-import?fileName=a.csv&jelszo=1', csv, 'text/csv');
    expect(unknown.status).toBe(400);
    const empty = await postFile('/api/product-import?fileName=a.csv', Buffer.alloc(0), 'text/csv');
    expect(empty.status).toBe(400);
    expect(await server.database.prisma.productImport.count()).toBe(before);
  });

  it('stops reading at 50 MB with 413, announced or not, and refuses strangers before the body', async () => {
    const before = await server.database.prisma.productImport.count();
    const url = `${server.url}/api/product-import?fileName=nagy.csv`;
    const oversized = Buffer.alloc(50 * 1024 * 1024 + 1, 'a');
    const headers = { 'content-type': 'text/csv', token: adminToken };
    expect(await statusWhileStreaming(url, oversized, headers)).toBe(413);
    const announced = await postFile<ErrorBody>(
      '/api/product-import?fileName=nagy.csv',
      oversized,
      'text/csv',
    );
    expect(announced.status).toBe(413);
    expect(announced.body.message).toBe('A fájl legfeljebb 50 MB lehet.');
    expect(await statusWhileStreaming(url, oversized, { 'content-type': 'text/csv' })).toBe(401);
    expect(
      await statusWhileStreaming(url, oversized, { 'content-type': 'text/csv', token: customerToken }),
    ).toBe(403);
    expect(await server.database.prisma.productImport.count()).toBe(before);
  });
});
