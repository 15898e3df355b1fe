import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi';
import { documentedOperations } from '../src/openapi/operations';

/**
 * The per-key limit in the OpenAPI document: the RateLimit fields on what an API key may call, the
 * 429 listed there with `Retry-After`, and nothing of it where a key is refused anyway.
 */
const document = buildOpenApiDocument({ baseUrl: '/api' }) as unknown as {
  info: { description: string };
  components: { headers: Record<string, { required?: boolean }>; responses: Record<string, unknown> };
};
const operations = documentedOperations(buildOpenApiDocument({ baseUrl: '/api' }));
const byKey = operations.filter(
  ({ meta }) => meta.access === 'public' || (meta.access === 'admin' && meta.scope !== undefined),
);
const notByKey = operations.filter((entry) => !byKey.includes(entry));
const name = ({ method, path }: { method: string; path: string }) => `${method.toUpperCase()} ${path}`;
const okHeaders = (entry: (typeof operations)[number]) =>
  Object.keys((entry.operation.responses?.['200'] as { headers?: object } | undefined)?.headers ?? {});

describe('the per-key request limit in the OpenAPI document', () => {
  it('declares RateLimit-Policy, RateLimit and Retry-After once, and the shared 429 carries them', () => {
    expect(Object.keys(document.components.headers)).toEqual([
      'RateLimit-Policy',
      'RateLimit',
      'Retry-After',
    ]);
    expect(document.components.headers['Retry-After']?.required).toBe(true);
    expect(document.components.responses.TooManyRequests).toMatchObject({
      headers: {
        'Retry-After': { $ref: '#/components/headers/Retry-After' },
        RateLimit: { $ref: '#/components/headers/RateLimit' },
        'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
      },
    });
    expect(document.info.description).toContain('"api-key";q=600;w=60');
  });

  it('lists the 429 and the RateLimit fields on every operation an API key may call', () => {
    expect(byKey.length).toBeGreaterThan(50);
    for (const entry of byKey) {
      expect(Object.keys(entry.operation.responses ?? {}), name(entry)).toContain('429');
      expect(okHeaders(entry), name(entry)).toEqual(['RateLimit-Policy', 'RateLimit']);
    }
  });

  it('leaves them off the operations that refuse a key (a shopper’s own, the admin account’s own)', () => {
    expect(notByKey.length).toBeGreaterThan(10);
    for (const entry of notByKey) expect(okHeaders(entry), name(entry)).toEqual([]);
    const apiKeys = notByKey.find(({ path, method }) => path === '/apikey' && method === 'get');
    expect(Object.keys(apiKeys?.operation.responses ?? {})).not.toContain('429');
  });
});
