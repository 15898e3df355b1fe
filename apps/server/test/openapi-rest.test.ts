import { describeProblems, lintOpenApiDocument } from '@shop/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from './test-server';

// biome-ignore lint/suspicious/noExplicitAny: the test walks the served JSON document by path, as a client would.
type Json = Record<string, any>;

let server: TestServer;
let document: Json;

beforeAll(async () => {
  server = await startTestServer();
  document = (await api<Json>(server, 'GET', '/api/openapi.json')).body;
});
afterAll(() => server?.close());

/** A request the server refuses, sent raw so the body and content type are exactly what a client sent. */
async function refused(method: string, path: string, body?: string, contentType = 'application/json') {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': contentType },
    body,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

describe('the documented error answers', () => {
  it('hold the bodies the server really sends: each status is listed and its body validates', async () => {
    const answers = [
      {
        method: 'post',
        path: '/category/getBySlug',
        ...(await refused('POST', '/category/getBySlug', '{"slug":"","x":1}')),
      },
      { method: 'get', path: '/category/{id}', ...(await refused('GET', '/category/0')) },
      {
        method: 'post',
        path: '/page/by-slug',
        ...(await refused('POST', '/page/by-slug', '{"slug":"nincs-ilyen"}')),
      },
      { method: 'post', path: '/category', ...(await refused('POST', '/category', 'slug=a', 'text/plain')) },
      { method: 'put', path: '/category', ...(await refused('PUT', '/category', '{"id":1}')) },
    ];
    expect(answers.map(({ status }) => status)).toEqual([400, 400, 404, 415, 401]);
    // The 400 names each bad field in issues[].path: what the old schema (message only) refused.
    expect(answers[0]?.body.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'slug' })]),
    );

    const withRealBodies = structuredClone(document);
    for (const { method, path, status, body } of answers) {
      const responses = withRealBodies.paths[path][method].responses;
      expect(Object.keys(responses), `${method} ${path}`).toContain(String(status));
      const ref: string = responses[status].$ref;
      const shared = withRealBodies.components.responses[ref.split('/').pop() as string];
      responses[status] = {
        ...shared,
        content: { 'application/json': { ...shared.content['application/json'], example: body } },
      };
    }
    expect(describeProblems(await lintOpenApiDocument(withRealBodies))).toEqual([]);
  }, 60_000);
});

describe('the API reference page', () => {
  it('shows how to authenticate, the error format, examples and a curl line for each operation', async () => {
    const html = await (await fetch(`${server.url}/api/docs`)).text();
    expect(html).toContain('id="hitelesites"');
    expect(html).toContain('id="hibak"');
    expect(html).toContain('Authorization: Bearer');
    const operations = Object.values(document.paths as Json).flatMap((item) => Object.keys(item)).length;
    expect(html.match(/<details class="curl"/g)?.length).toBe(operations);
    expect(html).toContain('Példa válasz');
    expect(html).toMatch(/curl -X POST &#39;[^&]*\/api\/category&#39;/);
  });

  it('searches across operations without a script', async () => {
    const html = await (await fetch(`${server.url}/api/docs?q=${encodeURIComponent('kosár')}`)).text();
    expect(html).toContain('<code>/api/cart</code>');
    expect(html).not.toContain('<code>/api/category/{id}</code>');
    expect(html).toMatch(/\d+ találat/);
    const none = await (await fetch(`${server.url}/api/docs?q=zzzz-nincs`)).text();
    expect(none).toContain('Nincs a keresésnek megfelelő művelet.');
    expect(none).not.toMatch(/<script/);
  });
});
