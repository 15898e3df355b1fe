import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueFixture, seedCatalogue } from '../../test/catalogue-fixtures';
import { api, createUser, signIn, startTestServer, type TestServer } from '../../test/test-server';
import { canonicalJson, PublicAnswerCache } from './public-answer-cache';

describe('PublicAnswerCache', () => {
  /** An answer offered twice, as a key asked again is. */
  const keep = (cache: PublicAnswerCache, generation: string, key: string, body: Buffer) => {
    cache.set(generation, key, body);
    cache.set(generation, key, body);
  };

  it('keeps an answer from the second time its key is offered, so one-off requests leave nothing', () => {
    const cache = new PublicAnswerCache();
    cache.get('g1', 'a');
    cache.set('g1', 'a', Buffer.from('A'));
    expect(cache.get('g1', 'a')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('g1', 'a', Buffer.from('A'));
    expect(cache.get('g1', 'a')?.toString()).toBe('A');
  });

  it('drops the least recently used answer beyond its entry and byte bounds', () => {
    const cache = new PublicAnswerCache({ maxEntries: 2, maxBytes: 1000 });
    cache.get('g1', 'a');
    keep(cache, 'g1', 'a', Buffer.from('A'));
    keep(cache, 'g1', 'b', Buffer.from('B'));
    expect(cache.get('g1', 'a')?.toString()).toBe('A');
    keep(cache, 'g1', 'c', Buffer.from('C'));
    expect(cache.get('g1', 'b')).toBeUndefined();
    expect(cache.get('g1', 'a')?.toString()).toBe('A');
    keep(cache, 'g1', 'big', Buffer.alloc(60));
    keep(cache, 'g1', 'big2', Buffer.alloc(60));
    expect(cache.size).toBeLessThanOrEqual(2);
  });

  it('forgets everything when the generation moves on, and refuses answers of an older one', () => {
    const cache = new PublicAnswerCache();
    cache.get('g1', 'a');
    keep(cache, 'g1', 'a', Buffer.from('A'));
    expect(cache.get('g1', 'a')?.toString()).toBe('A');
    expect(cache.get('g2', 'a')).toBeUndefined();
    keep(cache, 'g1', 'a', Buffer.from('régi'));
    expect(cache.get('g2', 'a')).toBeUndefined();
  });

  it('names the same input the same way whatever its key order', () => {
    expect(canonicalJson({ b: [2, { d: 1, c: null }], a: 'x' })).toBe(
      canonicalJson({ a: 'x', b: [2, { c: null, d: 1 }] }),
    );
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });
});

describe('REST answers of cacheable operations for anonymous callers', () => {
  let server: TestServer;
  let fixture: CatalogueFixture;
  let customerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    fixture = await seedCatalogue(server.database.prisma);
    customerToken = await signIn(server, await createUser(server.database, 'customer'));
    adminToken = await signIn(server, await createUser(server.database, 'admin'));
  });

  afterAll(async () => {
    await server?.close();
  });

  const raw = async (method: string, pathname: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.token = token;
    const response = await fetch(`${server.url}${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    };
  };

  it('answers a repeat with the very bytes a freshly computed answer has', async () => {
    const requests: [string, string, unknown][] = [
      ['POST', '/api/product/filters', { category: fixture.kitchen.id, sort: 'price-asc' }],
      ['POST', '/api/product', { page: 1 }],
      ['GET', '/api/product/featured', undefined],
      ['GET', '/api/product/popular', undefined],
      ['GET', '/api/category', undefined],
    ];
    for (const [method, pathname, body] of requests) {
      const first = await raw(method, pathname, body);
      const repeat = await raw(method, pathname, body);
      // A signed-in customer without own prices sees guest prices and is never served from the cache.
      const computed = await raw(method, pathname, body, customerToken);
      expect(first.status, pathname).toBe(200);
      expect(repeat, pathname).toEqual(first);
      expect(computed, pathname).toEqual(first);
    }
  });

  it('serves the same answer for the same input in another key order', async () => {
    const a = await raw('POST', '/api/product/filters', { sort: 'name', category: fixture.kitchen.id });
    const b = await raw('POST', '/api/product/filters', { category: fixture.kitchen.id, sort: 'name' });
    expect(b).toEqual(a);
  });

  it('shows a catalogue change at once', async () => {
    const ask = () =>
      raw('POST', '/api/product/filters', { category: fixture.kitchen.id, sort: 'price-asc' });
    const before = await ask();
    expect(before.text).toContain(`"id":${fixture.mug.id},`);
    const changed = await api(server, 'POST', '/api/product/update', {
      token: adminToken,
      body: { id: fixture.mug.id, price: 4321 },
    });
    expect(changed.status).toBe(200);
    const after = await ask();
    expect(after.text).not.toBe(before.text);
    const card = (JSON.parse(after.text) as { items: { id: number; price: number }[] }).items.find(
      (item) => item.id === fixture.mug.id,
    );
    expect(card?.price).toBe(4321);
    expect(after).toEqual(
      await raw(
        'POST',
        '/api/product/filters',
        { category: fixture.kitchen.id, sort: 'price-asc' },
        customerToken,
      ),
    );
  });

  it('shows a category change at once', async () => {
    const before = await raw('GET', '/api/category');
    const created = await api(server, 'POST', '/api/category', {
      token: adminToken,
      body: { descriptions: [{ language: 'hu', title: 'Frissen nyitott polc' }] },
    });
    expect(created.status).toBe(200);
    const after = await raw('GET', '/api/category');
    expect(before.text).not.toContain('Frissen nyitott polc');
    expect(after.text).toContain('Frissen nyitott polc');
  });
});
