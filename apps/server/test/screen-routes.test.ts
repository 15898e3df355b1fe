import { readdirSync } from 'node:fs';
import path from 'node:path';
import { classifyShopPath } from '@shop/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { startTestServer, type TestServer } from './test-server';

/** The shop's screens as the web app's file routes name them: each route file's first path segment. */
function visitorScreenSegments(): string[] {
  const root = path.join(REPO_ROOT, 'apps/web/src/routes/_visitor-index');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.tsx'),
  );
  const segments = files.map((file) => file.split(path.sep)[0]?.replace(/(\.lazy)?\.tsx$/, '') ?? '');
  // `index` is the home page and `$` the catch-all of pretty product and category addresses.
  return [...new Set(segments)].filter((segment) => segment !== 'index' && segment !== '$').sort();
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the web app’s screens, as the server sees them', () => {
  it('reads no screen of the web app as a category address (a 404 for a stranger’s link)', () => {
    const segments = visitorScreenSegments();
    expect(segments).toContain('quote');
    // The screens that show the shop's content have heads of their own; every other one is the app's.
    const content: Record<string, string> = {
      blog: 'blog-post',
      category: 'category',
      info: 'page',
      page: 'page',
      product: 'product',
    };
    for (const segment of segments) {
      expect(classifyShopPath(`/${segment}/valami-123`).kind, `/${segment}/…`).toBe(
        content[segment] ?? 'screen',
      );
    }
  });

  it('answers the link of every quote e-mail with the web app and 200', async () => {
    const answer = await fetch(`${server.url}/quote/0123456789abcdef0123456789abcdef`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
  });
});
