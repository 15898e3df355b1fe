import { test as base, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin-account';

type CategoryTreeNode = { id: number; title: string; urlPath: string; children: CategoryTreeNode[] };

type Fixtures = {
  /** The seeded admin's credentials. */
  admin: typeof E2E_ADMIN;
  /** A session token of the seeded admin, from POST /api/user/signin. */
  adminToken: string;
  /** A page whose browser storage holds the admin's token (the spec's `token` key). */
  adminPage: Page;
  /** The shop's category tree as GET /api/category serves it. */
  categoryTree: CategoryTreeNode[];
  /** A name no other test run used, for data a test creates. */
  uniqueName: (prefix: string) => string;
};

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  admin: async ({}, use) => {
    await use(E2E_ADMIN);
  },

  adminToken: async ({ request, admin }, use) => {
    const response = await request.post('/api/user/signin', { data: admin });
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { token?: string; msg?: string };
    if (!body.token) throw new Error(`Az admin nem tudott bejelentkezni: ${body.msg ?? 'nincs token'}`);
    await use(body.token);
  },

  adminPage: async ({ page, adminToken }, use) => {
    await page.goto('/foo');
    await page.evaluate((token) => window.localStorage.setItem('token', token), adminToken);
    await use(page);
  },

  categoryTree: async ({ request }, use) => {
    const response = await request.get('/api/category');
    expect(response.ok()).toBe(true);
    await use((await response.json()) as CategoryTreeNode[]);
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  uniqueName: async ({}, use, testInfo) => {
    let counter = 0;
    await use((prefix) => `${prefix} ${testInfo.workerIndex}-${Date.now().toString(36)}-${++counter}`);
  },
});

export { expect };
