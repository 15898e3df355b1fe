import { readFile } from 'node:fs/promises';
import { registerCustomer } from '../customer';
import { expect, test } from '../fixtures';

test('an admin moves a customer to another group and downloads the customers as CSV', async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  const customer = await registerCustomer(request, { firstName: 'Csoportváltó' });
  const name = `${customer.lastName} ${customer.firstName}`;

  await page.goto('/admin/customer');
  await expect(page.getByRole('heading', { level: 1, name: 'Vásárlók' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Keresés a vásárlók között' }).fill(customer.email);
  await expect(page).toHaveURL(/q=/);
  const table = page.getByRole('table', { name: 'Vásárlók' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const groupForm = page.getByRole('form', { name: 'Vásárlói csoport' });
  await groupForm.getByLabel('Csoport').selectOption({ label: 'Törzsvásárló (5% kedvezmény)' });
  await groupForm.getByRole('button', { name: 'Csoport módosítása' }).click();
  await expect(page.getByText('A vásárló a „Törzsvásárló” csoportba került.')).toBeVisible();

  const id = new URL(page.url()).pathname.split('/').pop();
  const detail = await request.get(`/api/user/${id}`, { headers: { token: adminToken } });
  expect(((await detail.json()) as { group: { name: string } | null }).group?.name).toBe('Törzsvásárló');

  await page.goto('/admin/customer');
  await expect(page.getByRole('heading', { level: 1, name: 'Vásárlók' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Csoport' }).selectOption({ label: 'Törzsvásárló' });
  await expect(table.getByRole('link', { name })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Letöltés (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^vasarlok-\d{4}-\d{2}-\d{2}\.csv$/);
  const content = await readFile(await download.path());
  expect([...content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = content.toString('utf8');
  expect(text).toContain(customer.email);
  expect(text).toContain('Törzsvásárló');
  expect(text.split('\n')[0]).toContain(';');
});
