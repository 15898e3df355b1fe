import { decideCookieConsent, expect, test, waitForAppAfterNavigation } from '../fixtures';

test.describe.configure({ timeout: 120_000 });

test('an admin adds a slide with a picture from the media library; the home page slider shows it', async ({
  adminPage: page,
  browser,
  request,
  adminToken,
  uniqueName,
}) => {
  const title = uniqueName('Adventi ajánlat');
  await page.goto('/admin/other/sliders');
  await expect(page.getByRole('heading', { name: 'Csúszkák', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Új dia' }).click();

  await page.getByRole('textbox', { name: 'Cím' }).fill(title);
  await page.getByRole('textbox', { name: 'Szöveg' }).fill('Mézeskalács & forralt bor');
  await page.getByRole('textbox', { name: 'Hivatkozás' }).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(page.getByText(/A hivatkozás a bolt egy címe/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Hivatkozás' }).fill('/featured');
  await page.getByRole('textbox', { name: 'Gomb felirata' }).fill('Ajánlatok');
  await page.getByRole('button', { name: 'Asztali kép: kép választása' }).click();
  const library = page.getByRole('dialog', { name: 'Asztali kép' });
  // The library's pictures are toggle buttons (aria-pressed); the first is the newest.
  await library.locator('button[aria-pressed]').first().click();
  await expect(library).toHaveCount(0);
  await page.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(page.getByText('A dia létrejött.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/other\/sliders\/\d+$/);
  const id = Number(page.url().split('/').pop());

  try {
    // The text is kept as written (the & too), and the list finds the slide as active.
    await expect(page.getByRole('textbox', { name: 'Szöveg' })).toHaveValue('Mézeskalács & forralt bor');
    await page.goto(`/admin/other/sliders?q=${encodeURIComponent(title)}`);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Aktív')).toBeVisible();

    // A shopper's home page has it among the slides.
    const shopperContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
    await decideCookieConsent(shopperContext);
    const shopper = waitForAppAfterNavigation(await shopperContext.newPage());
    await shopper.goto('/');
    const carousel = shopper.getByRole('region', { name: 'Ajánlataink' });
    const dot = carousel.getByRole('button', { name: new RegExp(`dia: ${title}$`) });
    await dot.click();
    await expect(carousel.getByRole('heading', { name: title })).toBeVisible();
    await expect(carousel.getByText('Mézeskalács & forralt bor')).toBeVisible();
    await expect(carousel.getByRole('link', { name: 'Ajánlatok' })).toHaveAttribute('href', '/featured');
    await shopperContext.close();
  } finally {
    await request.delete(`/api/sliders/${id}`, { headers: { token: adminToken } });
  }
});
