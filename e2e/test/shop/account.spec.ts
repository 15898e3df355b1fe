import { registerCustomer } from '../customer';
import { expect, test } from '../fixtures';

const PASSWORD_RULES =
  'A jelszó legalább 8 karakter hosszú, és tartalmaz legalább egy betűt és egy számjegyet.';

test('a visitor registers, signs out and signs in again', async ({ page }) => {
  const unique = Date.now().toString(36);
  const email = `regisztracio.${unique}@example.hu`;
  const password = `Bogre-${unique}-7`;
  const lastName = `Regisztráló ${unique}`;

  await page.goto('/services/account');
  await expect(page.getByRole('heading', { name: 'Bejelentkezés' })).toBeVisible();
  await page.getByRole('link', { name: 'Regisztráció' }).click();
  await expect(page).toHaveURL('/services/registration');
  await expect(page.getByText(PASSWORD_RULES)).toBeVisible();

  // The API's own rules answer at the fields, in Hungarian, before anything is sent.
  await page.getByRole('button', { name: 'Regisztráció' }).click();
  await expect(page.getByText('A keresztnév kötelező.')).toBeVisible();
  await expect(page.getByText('Az általános szerződési feltételek elfogadása kötelező.')).toBeVisible();

  await page.getByLabel('Vezetéknév').fill(lastName);
  await page.getByLabel('Keresztnév').fill('Réka');
  await page.getByLabel('E-mail-cím').fill(email);
  await page.getByRole('textbox', { name: 'Jelszó', exact: true }).fill('rovid');
  await page.getByRole('button', { name: 'Regisztráció' }).click();
  await expect(page.getByText('A jelszónak legalább 8 karakter hosszúnak kell lennie.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Jelszó', exact: true }).fill(password);
  await page.getByLabel('Telefonszám').fill('06 30 123 4567');
  // Chakra draws the box over the native input, so the keyboard (as a user would) ticks it.
  const terms = page.getByRole('checkbox', { name: /Elolvastam és elfogadom/ });
  await terms.press('Space');
  await expect(terms).toBeChecked();
  await page.getByRole('button', { name: 'Regisztráció' }).click();

  await expect(page).toHaveURL('/services/account');
  await expect(page.getByText('Szia, Réka!')).toBeVisible();
  await expect(page.getByRole('link', { name: `Fiókom: ${lastName} Réka` })).toBeVisible();
  await expect(page.getByLabel('Telefonszám')).toHaveValue('+36 30 123 4567');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();

  await page.getByRole('button', { name: 'Kijelentkezés' }).click();
  await expect(page.getByText('Sikeresen kijelentkeztél.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bejelentkezés' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Fiókom', exact: true }).first()).toBeVisible();

  await page.getByLabel('E-mail-cím').fill(email);
  await page.getByRole('textbox', { name: 'Jelszó', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();
  await expect(page.getByText('Szia, Réka!')).toBeVisible();

  // The sign-in made this browser a known device, and the next sign-in says so.
  const deviceToken = await page.evaluate(() => window.localStorage.getItem('device-token'));
  expect(deviceToken).toBeTruthy();
  await page.getByRole('button', { name: 'Kijelentkezés' }).click();
  await expect(page.getByRole('heading', { name: 'Bejelentkezés' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('device-token'))).toBe(deviceToken);
  await page.getByLabel('E-mail-cím').fill(email);
  await page.getByRole('textbox', { name: 'Jelszó', exact: true }).fill(password);
  const signin = page.waitForRequest((request) => request.url().includes('user.signin'));
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();
  expect(JSON.stringify((await signin).postDataJSON())).toContain(`"deviceToken":"${deviceToken}"`);
  await expect(page.getByText('Szia, Réka!')).toBeVisible();
});

test('a wrong password shows the API message and keeps the visitor signed out', async ({ page, request }) => {
  const customer = await registerCustomer(request);

  await page.goto('/services/account');
  await page.getByLabel('E-mail-cím').fill(customer.email);
  await page.getByRole('textbox', { name: 'Jelszó', exact: true }).fill('nem-ez-a-jelszo-1');
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();

  await expect(page.getByText('Hibás felhasználónév vagy jelszó!')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});

test('a customer adds, edits and deletes an address', async ({ page, request }) => {
  const customer = await registerCustomer(request, { firstName: 'Címes' });
  await page.goto('/foo');
  await page.evaluate((token) => window.localStorage.setItem('token', token), customer.token);

  await page.goto('/services/account?tab=cimeim');
  await expect(page.getByText('Még nincs elmentett címed')).toBeVisible();
  await page.getByRole('button', { name: 'Új cím' }).click();

  const dialog = page.getByRole('dialog', { name: 'Új cím' });
  await dialog.getByLabel('Címzett neve').fill('Címes Anna');
  await dialog.getByLabel('Irányítószám').fill('106');
  await dialog.getByLabel('Település').fill('Budapest');
  await dialog.getByLabel('Utca, házszám').fill('Bögre utca 12.');
  await dialog.getByRole('button', { name: 'Cím hozzáadása' }).click();
  await expect(dialog.getByText('Az irányítószám 4 számjegyből áll.')).toBeVisible();

  await dialog.getByLabel('Irányítószám').fill('1065');
  await dialog.getByRole('button', { name: 'Cím hozzáadása' }).click();
  await expect(page.getByText('A címet elmentettük.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: 'Szállítási cím: Címes Anna' });
  await expect(card.getByText('1065 Budapest, Bögre utca 12.')).toBeVisible();
  await expect(card.getByText('Alapértelmezett')).toBeVisible();

  await card.getByRole('button', { name: 'Szerkesztés' }).click();
  const editor = page.getByRole('dialog', { name: 'Cím szerkesztése' });
  await expect(editor.getByLabel('Település')).toHaveValue('Budapest');
  await editor.getByLabel('Irányítószám').fill('6720');
  await editor.getByLabel('Település').fill('Szeged');
  await editor.getByLabel('Emelet, ajtó').fill('2. em. 5.');
  await editor.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('A cím módosítását elmentettük.')).toBeVisible();
  await expect(card.getByText('6720 Szeged, Bögre utca 12. 2. em. 5.')).toBeVisible();

  await card.getByRole('button', { name: 'Törlés' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cím törlése' });
  await confirm.getByRole('button', { name: 'Törlés' }).click();
  await expect(page.getByText('A címet töröltük.')).toBeVisible();
  await expect(card).toBeHidden();
  await expect(page.getByText('Még nincs elmentett címed')).toBeVisible();

  const addresses = await request.get('/api/user/address', { headers: { token: customer.token } });
  expect(await addresses.json()).toEqual({ items: [] });
});
