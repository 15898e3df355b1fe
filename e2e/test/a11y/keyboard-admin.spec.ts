import type { Locator, Page } from '@playwright/test';
import { placePaidCardOrder } from '../card-order';
import { expect, test } from '../fixtures';
import { createProduct } from '../seed-products';

/**
 * An admin who uses no mouse takes a paid order to shipped with the keyboard alone (Tab, Shift+Tab,
 * typing, arrows, Enter, Space, Escape): finds it in the list, opens it, changes its status to
 * "Átadva a futárnak" with a tracking number, and focus is always on something visible and never falls
 * back to the page itself.
 */

/** Presses `key` until `target` has focus; fails naming what had it, if it is not reached. */
async function moveFocusTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', most = 60) {
  for (let press = 0; press < most; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
    await expectFocusVisible(page);
  }
  await expect(target, `${most} × ${key} után sem érte el a fókusz`).toBeFocused();
}

/** Focus is on an element of the page a sighted keyboard user can see, not on the page itself. */
async function expectFocusVisible(page: Page) {
  const focused = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) return 'a lap maga';
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return `egy nem látható <${element.tagName.toLowerCase()}>`;
    return '';
  });
  expect(focused, 'a fókusz elveszett').toBe('');
}

test('an admin takes a paid order to shipped by keyboard alone', async ({
  adminPage: page,
  request,
  adminToken,
  uniqueName,
}) => {
  test.setTimeout(120_000);
  const title = uniqueName('Billentyűvel feladott bögre');
  const product = await createProduct(request, adminToken, { title, price: 5990 });
  const email = `billentyu.${Date.now().toString(36)}@example.hu`;
  const order = await placePaidCardOrder(request, page, {
    cart: [{ product: product.id, quantity: 1 }],
    customer: { email, firstName: 'Bence', lastName: 'Billentyű', phone: '06 30 111 2233' },
    address: { name: 'Billentyű Bence', postcode: '1051', city: 'Budapest', street: 'Október 6. utca 3.' },
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/order?payment=succeeded');
  const search = page.getByRole('searchbox', { name: 'Keresés a rendelések között' });
  await moveFocusTo(page, search);
  await page.keyboard.type(email);
  const list = page.getByRole('table', { name: 'Rendelések' });
  const link = list.getByRole('link', { name: order.number });
  await expect(list.getByRole('row')).toHaveCount(2);
  await moveFocusTo(page, link);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: `Rendelés ${order.number}` })).toBeVisible();
  await expectFocusVisible(page);
  const change = page.getByRole('button', { name: 'Állapot módosítása' });
  await moveFocusTo(page, change);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Állapot módosítása' });
  await expect(dialog).toBeVisible();
  // The dialog takes focus, and Tab stays inside it.
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  const status = dialog.getByRole('combobox', { name: 'Új állapot' });
  await moveFocusTo(page, status);
  // A closed select takes arrow keys: down to "Átadva a futárnak".
  for (let press = 0; press < 10; press++) {
    if ((await status.inputValue()) === 'shipped') break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(status).toHaveValue('shipped');
  const tracking = `GLS${Date.now().toString().slice(-9)}`;
  const trackingField = dialog.getByRole('textbox', { name: 'Csomagszám' });
  await moveFocusTo(page, trackingField);
  await page.keyboard.type(tracking);
  await expect(dialog.getByLabel('A vásárló értesítése e-mailben')).toBeChecked();
  const save = dialog.getByRole('button', { name: 'Állapot mentése' });
  await moveFocusTo(page, save);
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), {
      message: 'a párbeszédablakban maradt a fókusz',
    })
    .toBe(true);
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  const history = page.getByRole('region', { name: 'Állapottörténet' });
  await expect(history.getByText(`Csomagszám: ${tracking}`)).toBeVisible();
  // Focus comes back where the admin left the page: the button that opened the dialog.
  await expect(change).toBeFocused();
  await expectFocusVisible(page);

  // Escape closes the dialog the same way, without a change.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(change).toBeFocused();
});

test('the first Tab on an admin page offers "Ugrás a tartalomra", and Enter takes focus past the sidebar', async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/order');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Ugrás a tartalomra' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab lands inside the section, not on the sidebar's links or the header's buttons.
  await page.keyboard.press('Tab');
  await expectFocusVisible(page);
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});
