import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueFixture, FAKE_WEBP, HOSTILE_SVG, seedCatalogue } from './catalogue-fixtures';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let fixture: CatalogueFixture;

beforeAll(async () => {
  server = await startTestServer();
  fixture = await seedCatalogue(server.database.prisma);
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
