import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueFixture, FAKE_WEBP, HOSTILE_SVG, seedCatalogue } from './catalogue-fixtures';
import {
  api,
  createUser,
  signIn,
  startTestServer,
  statusWhileStreaming,
  type TestServer,
} from './test-server';

let server: TestServer;
let fixture: CatalogueFixture;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  fixture = await seedCatalogue(server.database.prisma);
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
});
afterAll(() => server?.close());

describe('GET /media/{id}/{variant}', () => {
  it('serves a stored variant with its type, an ETag and a year-long immutable cache lifetime', async () => {
    const response = await fetch(`${server.url}/media/${fixture.photoMediaId}/card`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(FAKE_WEBP);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${server.url}/media/${fixture.photoMediaId}/card`);
    const etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();
    const again = await fetch(`${server.url}/media/${fixture.photoMediaId}/card`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });

  it('serves the full size at /media/{id}', async () => {
    const response = await fetch(`${server.url}/media/${fixture.photoMediaId}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('RIFF full WEBP');
  });

  it('serves the original of an SVG for every size, unable to run script when opened directly', async () => {
    for (const variant of ['thumb', 'card', 'full', 'original']) {
      const response = await fetch(`${server.url}/media/${fixture.svgMediaId}/${variant}`);
      expect(response.status, variant).toBe(200);
      expect(response.headers.get('content-type'), variant).toBe('image/svg+xml');
      expect(response.headers.get('content-security-policy'), variant).toBe(
        "default-src 'none'; style-src 'unsafe-inline'",
      );
      expect(response.headers.get('x-content-type-options'), variant).toBe('nosniff');
      expect(await response.text(), variant).toBe(HOSTILE_SVG);
    }
  });

  it('answers 404 in Hungarian for a missing medium, an unknown size or a malformed id', async () => {
    for (const path of [
      '/media/999999/card',
      `/media/${fixture.photoMediaId}/huge`,
      '/media/abc/card',
      '/media/-1',
      '/media/999999',
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/plain/);
      expect(await response.text(), path).toBe('A keresett kép nem található.');
    }
  });

  it('answers HEAD without a body', async () => {
    const response = await fetch(`${server.url}/media/${fixture.photoMediaId}/card`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(await response.text()).toBe('');
  });
});

type UploadedMedia = { id: number; width: number; height: number; urls: Record<string, string> };

function uploadOverRest(fileName: string, mimeType: string, bytes: Buffer) {
  return api<UploadedMedia>(server, 'POST', '/api/media', {
    token: adminToken,
    body: { fileName, mimeType, dataBase64: bytes.toString('base64') },
  });
}

/** Random pixels do not compress, so the PNG is about as large as its raw pixels. */
function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe('POST /api/media', () => {
  it('serves no variant, not even the original, with the camera metadata of the upload', async () => {
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'Titkos Fotós', Make: 'Kamera' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const { status, body } = await uploadOverRest('foto.jpg', 'image/jpeg', photo);
    expect(status).toBe(200);
    // Orientation 6 means "turn a quarter": the stored picture is upright instead of tagged.
    expect(body).toMatchObject({ width: 600, height: 900 });
    for (const variant of ['thumb', 'card', 'full', 'original']) {
      const response = await fetch(`${server.url}${body.urls[variant]}`);
      expect(response.status, variant).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, variant).toBeUndefined();
      expect(meta.orientation ?? 1, variant).toBe(1);
      expect(bytes.includes('Titkos'), variant).toBe(false);
    }
    const original = await fetch(`${server.url}${body.urls.original}`);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await original.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 600,
      height: 900,
    });
  });

  it('accepts an image of a few megabytes although other requests stay under 1 MB', async () => {
    const png = await noisePng(820, 820);
    expect(png.byteLength).toBeGreaterThan(2_000_000);
    const { status, body } = await uploadOverRest('zaj.png', 'image/png', png);
    expect(status).toBe(200);
    expect(body).toMatchObject({ width: 820, height: 820 });

    const other = await api(server, 'POST', '/api/category/findall', {
      body: { search: 'x'.repeat(2_000_000) },
    });
    expect(other.status).toBe(413);
  });

  it('accepts the same image over tRPC, but no other tRPC call of that size', async () => {
    const png = await noisePng(820, 820);
    const upload = await fetch(`${server.url}/trpc/media.upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: adminToken },
      body: JSON.stringify({
        fileName: 'zaj.png',
        mimeType: 'image/png',
        dataBase64: png.toString('base64'),
      }),
    });
    expect(upload.status).toBe(200);

    const big = JSON.stringify({ 0: { search: 'x'.repeat(2_000_000) } });
    const other = await fetch(`${server.url}/trpc/category.findAll?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(other.status).toBe(413);

    // Without a Content-Length the limit is counted while the body arrives: the server answers 413 and
    // closes before the rest is sent (fetch on Node 24 reports only the broken pipe, so the answer is
    // read as it comes, with node:http).
    expect(await statusWhileStreaming(`${server.url}/trpc/category.findAll?batch=1`, big)).toBe(413);
  });
});
