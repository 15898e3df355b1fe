import { expect, test, waitForAppAfterNavigation } from '../fixtures';
import { ft } from '../money';
import { createProduct } from '../seed-products';

test('an admin creates a shipping method with a free-shipping threshold on a phone, and the cart hint uses it', async ({
  adminPage: page,
  adminToken,
  request,
  browser,
  uniqueName,
}) => {
  // Three admin screens and a shopper's cart in a second browser context: more than the default 30 s on a busy machine.
  test.slow();
  // The demo shop's lowest threshold is 20 000 Ft; the new method's 8 000 Ft is the one the hint must use.
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Küszöbös bögre'),
    price: 4990,
    stock: 50,
  });
  const name = uniqueName('Expressz futár');
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/admin/checkout/shipping');
  await expect(page.getByRole('heading', { level: 1, name: 'Szállítási módok' })).toBeVisible();
  await page.getByRole('link', { name: 'Új szállítási mód' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Új szállítási mód' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Szállítási mód adatai' });
  await form.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(form.getByText('A név kötelező.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Név' }).fill(name);
  await form.getByRole('textbox', { name: 'Leírás' }).fill('Kiszállítás a rendelés napján, Budapesten.');
  await form.getByRole('textbox', { name: 'Bruttó díj (Ft)' }).fill('1 490');
  await form.getByRole('textbox', { name: 'Ingyenes szállítás ettől (Ft)' }).fill('8000');
  await expect(
    form.getByText(`${ft(8000)} bruttó termékérték felett ingyenes.`, { exact: false }),
  ).toBeVisible();
  await form.getByRole('textbox', { name: 'Szállítási idő' }).fill('aznap');
  await form.getByRole('button', { name: 'Létrehozás' }).click();

  await expect(page.getByText('A szállítási mód létrejött.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Még egy rendelés sem választotta.')).toBeVisible();

  // The list shows it, switched on.
  await page.goto('/admin/checkout/shipping');
  const table = page.getByRole('table', { name: 'Szállítási módok' });
  await expect(table.getByRole('link', { name })).toBeVisible();
  await expect(table.getByRole('checkbox', { name: `${name} engedélyezve` })).toBeChecked();

  // A guest's cart of one 4 990 Ft mug is 3 010 Ft short of the new threshold.
  const guestContext = await browser.newContext();
  const guest = waitForAppAfterNavigation(await guestContext.newPage());
  await guest.goto('/foo');
  await guest.evaluate(
    (id) => window.localStorage.setItem('cart', JSON.stringify([{ product: id, quantity: 1 }])),
    product.id,
  );
  await guest.goto('/cart');
  const summary = guest.getByRole('complementary', { name: 'Összesítés' });
  await expect(summary.getByText(`Még ${ft(3010)} és ingyenes a szállítás`)).toBeVisible();

  // Switched off, it no longer counts: the hint falls back to the demo's 20 000 Ft.
  await table.getByRole('checkbox', { name: `${name} engedélyezve` }).click({ force: true });
  await expect(page.getByText('A szállítási mód kikapcsolva.')).toBeVisible();
  await guest.reload();
  await expect(summary.getByText(`Még ${ft(20_000 - 4990)} és ingyenes a szállítás`)).toBeVisible();
  await guestContext.close();

  // Deleting it warns that no order used it.
  await table.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Törlés' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Szállítási mód törlése' });
  await expect(dialog).toContainText('Még egy rendelés sem használta.');
  await dialog.getByRole('button', { name: 'Törlés' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Szállítási módok' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Szállítási módok' }).getByRole('link', { name })).toHaveCount(
    0,
  );
});

test('an admin tests the Barion connection of the demo and saves the bank account for transfers', async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/checkout/payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Fizetési módok' })).toBeVisible();
  await expect(page.getByText('A bankkártyás fizetés demó módban fut')).toBeVisible();
  await page.getByRole('link', { name: 'Fizetési beállítások' }).first().click();

  await expect(page.getByRole('heading', { level: 1, name: 'Fizetési beállítások' })).toBeVisible();
  await expect(page.getByText('Demó (Barion-helyettesítő)')).toBeVisible();
  await page.getByRole('button', { name: 'Kapcsolat próbája' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sikeres kapcsolat' })).toContainText(
    'a Barion elfogadta a POS-kulcsot',
  );

  const form = page.getByRole('form', { name: 'Fizetési beállítások' });
  const account = form.getByRole('textbox', { name: 'Bankszámlaszám' });
  await account.fill('11773016-11111019');
  await form.getByRole('button', { name: 'Mentés' }).click();
  await expect(form.getByText(/ellenőrző számjegyek nem stimmelnek/)).toBeVisible();
  await account.fill('11773016 11111018');
  await form.getByRole('textbox', { name: 'Számlatulajdonos' }).fill('Kék Bögre Kft.');
  await form.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('A fizetési beállításokat elmentettük.')).toBeVisible();
  await expect(account).toHaveValue('11773016-11111018');

  const settings = await request.get('/api/checkout/settings', { headers: { token: adminToken } });
  expect(await settings.json()).toMatchObject({
    bankAccountNumber: '11773016-11111018',
    barionPosKeySet: false,
  });
});
