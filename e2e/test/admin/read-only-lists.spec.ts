import type { Page } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '@shop/api/testing';
import { expect, test } from '../fixtures';

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

let sink: SmtpSink;

const demoSettings = {
  smtpHost: null,
  smtpPort: null,
  smtpSecure: false,
  senderName: 'Kék Bögre Webáruház',
  senderEmail: 'webaruhaz@kekbogre.hu',
};

test.beforeAll(async () => {
  sink = await startSmtpSink();
});

test.afterAll(async ({ request, adminToken }) => {
  // Back to the demo: later tests must not depend on a sink that is gone.
  await request.put('/api/emailsetting', { headers: { token: adminToken }, data: demoSettings });
  await sink.close();
});

test('a role that only reads catalogues, customers and promotions is not offered new, edit or delete on their lists', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const owner = { headers: { token: adminToken } };
  const saved = await request.put('/api/emailsetting', {
    ...owner,
    data: { ...demoSettings, smtpHost: sink.host, smtpPort: sink.port },
  });
  expect(saved.status()).toBe(200);

  // A reader of the lists, invited over REST; the invitation's link sets the password and signs them in.
  const role = await request.post('/api/staff/role', {
    ...owner,
    data: {
      name: uniqueName('Csak olvasó'),
      permissions: ['catalogue:read', 'customers:read', 'promotions:read'],
    },
  });
  expect(role.ok()).toBe(true);
  const email = `olvaso.${Date.now().toString(36)}@kekbogre.hu`;
  const invited = await request.post('/api/staff', {
    ...owner,
    data: { email, firstName: 'Olga', lastName: 'Olvasó', role: ((await role.json()) as { id: number }).id },
  });
  expect(invited.ok()).toBe(true);
  const message = await sink.waitForMessage((candidate) => candidate.to.includes(email), 20_000);
  const resetToken = /\/newpassword\/([A-Za-z0-9_-]+)/.exec(message.html)?.[1];
  expect(resetToken).toBeTruthy();
  const signedIn = await request.post('/api/user/resetpassword', {
    data: { token: resetToken, password: `Olvaso-Jelszo-${Date.now().toString(36)}-7` },
  });
  expect(signedIn.ok()).toBe(true);
  const { token } = (await signedIn.json()) as { token: string };
  await page.goto('/foo');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);

  // Catalogues: the list and its search, but no "new" (creating needs catalogue:write).
  await page.goto('/admin/other/catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'Katalógusok' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Keresés a katalógusok között' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Katalógusok' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Új katalógus' })).toHaveCount(0);

  // Promotions: the demo's promotions with their figures, none of the buttons that change or delete one.
  await page.goto('/admin/promotions');
  const promotions = page.getByRole('table', { name: 'Akciók' });
  await expect(promotions.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Új akció' })).toHaveCount(0);
  await expect(promotions.getByRole('button')).toHaveCount(0);
  await shoot(page, 'admin-promotions-read-only-1440');
  // On a phone the buttons sit under each promotion's name: none there either.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(promotions.getByRole('row').nth(1)).toBeVisible();
  await expect(promotions.getByRole('button')).toHaveCount(0);
  await shoot(page, 'admin-promotions-read-only-390');
  await page.setViewportSize({ width: 1440, height: 1000 });

  // Customer groups: the groups, no "new".
  await page.goto('/admin/customer/group');
  await expect(page.getByRole('heading', { level: 1, name: 'Vásárlói csoportok' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vásárlói csoportok' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Új csoport' })).toHaveCount(0);
});
