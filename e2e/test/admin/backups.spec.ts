import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('an admin sees the last backup and makes one now; shoppers and strangers cannot', async ({
  adminPage: page,
  request,
}) => {
  // A backup of the demo shop is written while the test waits (a few seconds on the embedded database).
  test.setTimeout(60_000);
  await page.goto('/admin/settings/backups');
  await expect(page.getByRole('heading', { level: 1, name: 'Mentések' })).toBeVisible();
  await page.getByRole('button', { name: 'Mentés most' }).click();
  await expect(page.getByText('A mentés elkészült.')).toBeVisible({ timeout: 45_000 });

  const last = page.getByRole('heading', { name: 'Legutóbbi sikeres mentés' }).locator('..');
  await expect(last).toContainText(/shop-\d{8}-\d{6}Z\.tar\.gz/);
  await expect(last).toContainText('Kézi mentés');
  await expect(last).toContainText('Sikeres');
  // The time in Budapest, as the shop shows every time.
  const time = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Budapest', dateStyle: 'short' })
    .format(new Date())
    .replaceAll('-', '. ');
  await expect(last).toContainText(`${time}.`);
  await expect(page.getByRole('alert').filter({ hasText: 'Figyelem' })).toHaveCount(0);

  await expect(page.getByText('A mentés elkészült.')).toBeHidden({ timeout: 20_000 });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `admin-backups-${width}`);
  }

  expect((await request.get('/api/backups')).status()).toBe(401);
});
