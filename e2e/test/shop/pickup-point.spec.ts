import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const ORDER_BUTTON = 'Megrendelés fizetési kötelezettséggel';
const CARD_SUCCEEDS = '4444 8888 8888 5559';
const LOCKER = 'FOXPOST A-BOX Budapest Újbuda Október huszonharmadika utca';

/** Screenshots for looking at the screens by eye (E2E_SHOTS=dir); none in ordinary runs. */
const SHOTS = process.env.E2E_SHOTS;

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function createProduct(request: APIRequestContext, adminToken: string, title: string) {
  const kutiId = `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const response = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price: 4990, stock: 20, kutiId, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: number };
}

test.use({ geolocation: { latitude: 47.4792, longitude: 19.0453 }, permissions: ['geolocation'] });

test('a shopper picks a Foxpost locker by postcode, pays by card, and the order page shows the locker', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, uniqueName('Automatás bögre'));
  await page.goto('/foo');
  await page.evaluate(
    (cart) => window.localStorage.setItem('cart', JSON.stringify(cart)),
    [{ product: product.id, quantity: 1 }],
  );
  // This machine reaches no tile server; the map must say so and the list must still work.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));

  await page.goto('/order/checkout');
  await page.getByRole('radio', { name: /Foxpost csomagautomata/ }).check({ force: true });
  await expect(page.getByRole('radio', { name: /Foxpost csomagautomata/ })).toBeChecked();
  // No address to a locker: the shipping address block goes, the point block comes.
  await expect(page.getByRole('region', { name: 'Szállítási cím' })).toHaveCount(0);
  const pointSection = page.getByRole('region', { name: 'Csomagpont / automata' });
  await expect(pointSection.getByText('Még nem választottál Foxpost pontot.')).toBeVisible();

  // Ordering without a point is refused at the field.
  await page.getByRole('button', { name: ORDER_BUTTON }).click();
  await expect(pointSection.getByText('Válassz csomagpontot vagy automatát!')).toBeVisible();

  await pointSection.getByRole('button', { name: 'Csomagpont választása' }).click();
  const picker = page.getByRole('dialog', { name: 'Foxpost csomagpont választása' });
  await expect(picker).toBeVisible();
  const search = picker.getByLabel('Irányítószám, város vagy a pont neve');
  await expect(search).toBeFocused();
  await search.fill('1117');
  const results = picker.getByRole('list', { name: 'Foxpost pontok' }).getByRole('listitem');
  await expect(results).toHaveCount(3);
  await expect(picker.getByRole('status').filter({ hasText: '3 pont' })).toBeVisible();
  const locker = results.filter({ hasText: LOCKER });
  await expect(locker.getByText('1117 Budapest, Október huszonharmadika utca 8.')).toBeVisible();
  await expect(locker.getByText(/^Ma \([^)]+\): Éjjel-nappal$/)).toBeVisible();
  await shoot(page, `pickup-picker-${page.viewportSize()?.width}`);

  // Accents are optional, and the nearest points come first with the shopper's location.
  await search.fill('ujpest');
  await expect(results).toHaveCount(2);
  await expect(results.first()).toContainText('Újpest');
  await search.fill('');
  await picker.getByRole('button', { name: 'Közeli pontok' }).click();
  await expect(results.first()).toContainText('FOXPOST A-BOX Budapest Újbuda Bartók Béla út');
  await expect(results.first()).toContainText(/\d+ m/);
  await picker.getByRole('button', { name: 'Ne a helyem szerint' }).click();

  // The map loads on request and degrades to a message when its tiles cannot load.
  await picker.getByRole('button', { name: 'Térkép' }).click();
  await expect(picker.getByRole('region', { name: 'Térkép a pontokkal' })).toBeVisible();
  await expect(picker.getByText('A térkép háttere most nem tölthető be', { exact: false })).toBeVisible();
  await search.fill('1117');
  await expect(results).toHaveCount(3);
  await shoot(page, `pickup-picker-map-${page.viewportSize()?.width}`);

  await locker.getByRole('button', { name: `Ezt választom: ${LOCKER}` }).click();
  await expect(picker).toBeHidden();
  await expect(pointSection.getByText(LOCKER)).toBeVisible();
  await expect(pointSection.getByRole('button', { name: 'Másik pont választása' })).toBeVisible();

  await page.getByLabel('E-mail-cím').fill(`automata.${Date.now().toString(36)}@example.hu`);
  await page.getByLabel('Vezetéknév').fill('Csomag');
  await page.getByLabel('Keresztnév').fill('Csilla');
  await page.getByLabel('Telefonszám').fill('06 30 765 4321');
  const billing = page.getByRole('group', { name: 'Számlázási cím' });
  await billing.getByLabel('Számlázási név').fill('Csomag Csilla');
  await billing.getByLabel('Irányítószám').fill('1117');
  await billing.getByLabel('Település').fill('Budapest');
  await billing.getByLabel('Utca, házszám').fill('Irinyi József utca 10.');
  const terms = page.getByRole('checkbox', { name: /Elolvastam és elfogadom/ });
  await terms.press('Space');
  await page.getByRole('button', { name: ORDER_BUTTON }).click();

  await expect(page).toHaveURL(/\/_barion\//);
  await page.getByLabel('Kártyaszám').fill(CARD_SUCCEEDS);
  await page.getByRole('button', { name: 'Fizetés', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/success\?order=\d+/, { timeout: 20_000 });

  await page.getByRole('link', { name: 'Rendelés megtekintése' }).click();
  const shipping = page.getByRole('region', { name: 'Szállítás' });
  await expect(shipping.getByText('Foxpost csomagautomata')).toBeVisible();
  await expect(shipping.getByText('Átvételi pont')).toBeVisible();
  await expect(shipping.getByText(LOCKER)).toBeVisible();
  await expect(shipping.getByText('1117 Budapest, Október huszonharmadika utca 8.')).toBeVisible();
  await expect(shipping.getByText('Foxpost · FOXPOST A-BOX · azonosító: hu1356')).toBeVisible();
});
