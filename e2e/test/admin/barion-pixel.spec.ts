import { expect, test } from '../fixtures';

test('an admin sets the Barion Pixel ID on the payment settings screen and the shop pages carry it', async ({
  adminPage: page,
  request,
  adminToken,
}) => {
  // Two saves, a refusal and the shop's own pages: more than the default budget on a busy machine.
  test.slow();
  await page.goto('/admin/checkout/settings');
  const card = page.getByRole('form', { name: 'Barion Pixel' });
  const field = card.getByRole('textbox', { name: 'Pixel-azonosító' });

  await field.fill('BPT-fHvthFc8pR-A3');
  await card.getByRole('button', { name: 'Pixel mentése' }).click();
  await expect(card.getByText(/BP-0123456789-01 alakú/)).toBeVisible();

  await field.fill('BP-0123456789-01');
  await card.getByRole('button', { name: 'Pixel mentése' }).click();
  await expect(page.getByText('A Barion Pixel azonosítóját elmentettük.')).toBeVisible();
  await expect(card.getByText('Bekapcsolva')).toBeVisible();
  try {
    const home = await request.get('/');
    expect(await home.text()).toContain('"BP-0123456789-01"');
    expect(home.headers()['content-security-policy']).toContain('https://pixel.barion.com');
  } finally {
    await field.fill('');
    await card.getByRole('button', { name: 'Pixel mentése' }).click();
    await expect(page.getByText('A Barion Pixelt levettük a bolt oldalairól.')).toBeVisible();
  }
  const after = await request.get('/api/barionpixel', { headers: { token: adminToken } });
  expect(((await after.json()) as { barionPixelId: string | null }).barionPixelId).toBeNull();
  expect(await (await request.get('/')).text()).not.toContain('pixel.barion.com');
});
