import { type SmtpSink, startSmtpSink } from '@shop/api/testing';
import { expect, test } from '../fixtures';

const demoSettings = {
  smtpHost: null,
  smtpPort: null,
  smtpSecure: false,
  senderName: 'Kék Bögre Webáruház',
  senderEmail: 'webaruhaz@kekbogre.hu',
};

let sink: SmtpSink;

test.beforeAll(async () => {
  sink = await startSmtpSink();
});

test.afterAll(async ({ request, adminToken }) => {
  // Back to the demo: later tests must not depend on a sink that is gone.
  await request.put('/api/emailsetting', { headers: { token: adminToken }, data: demoSettings });
  await sink.close();
});

test('an edit screen asks before unsaved changes are left behind, and only then', async ({
  adminPage: page,
  uniqueName,
}) => {
  const title = uniqueName('Félbehagyott oldal');
  const leave = page.getByRole('alertdialog', { name: 'Kilépsz mentés nélkül?' });
  const back = page.getByRole('main').getByRole('link', { name: 'Oldalak' });
  await page.goto('/admin/other/page/new');
  await page.getByRole('textbox', { name: 'Cím', exact: true }).fill(title);

  // The back link asks; staying keeps what was typed.
  await back.click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Maradok' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL('/admin/other/page/new');
  await expect(page.getByRole('textbox', { name: 'Cím', exact: true })).toHaveValue(title);

  // Leaving without saving goes, and the page was not made.
  await back.click();
  await leave.getByRole('button', { name: 'Kilépés mentés nélkül' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Oldalak' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);

  // A create moves on to the new page without asking, and a saved form leaves freely.
  await page.goto('/admin/other/page/new');
  await page.getByRole('textbox', { name: 'Cím', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(page.getByText('Az oldal létrejött.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/other\/page\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A switch turned off and on again is no change.
  const published = page.getByRole('checkbox', { name: 'Közzétéve' });
  await published.press('Space');
  await expect(published).not.toBeChecked();
  await published.press('Space');
  await expect(published).toBeChecked();
  await back.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Oldalak' })).toBeVisible();
  await expect(leave).toHaveCount(0);

  // The browser's back button asks too.
  await page.getByRole('link', { name: title }).click();
  await page.getByRole('textbox', { name: 'Cím', exact: true }).fill(`${title} (átírva)`);
  await page.goBack();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Maradok' }).click();
  await expect(page.getByRole('textbox', { name: 'Cím', exact: true })).toHaveValue(`${title} (átírva)`);
});

test('a role that may only read the catalogue sees a catalogue read-only, with no save and no delete', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(60_000);
  const owner = { token: adminToken };
  const saved = await request.put('/api/emailsetting', {
    headers: owner,
    data: { ...demoSettings, smtpHost: sink.host, smtpPort: sink.port },
  });
  expect(saved.status()).toBe(200);
  const { items: catalogues } = (await (await request.get('/api/catalogue', { headers: owner })).json()) as {
    items: { id: number; title: string }[];
  };
  const catalogue = catalogues[0];
  if (!catalogue) throw new Error('A demó adatokban nincs katalógus.');

  // A warehouse member (catalogue:read, no catalogue:write), invited and signed in over REST.
  const { items: roles } = (await (await request.get('/api/staff/role', { headers: owner })).json()) as {
    items: { id: number; name: string }[];
  };
  const email = `raktar.olvaso.${Date.now().toString(36)}@kekbogre.hu`;
  const invited = await request.post('/api/staff', {
    headers: owner,
    data: {
      email,
      firstName: 'Olga',
      lastName: 'Olvasó',
      role: roles.find((role) => role.name === 'Raktár')?.id,
    },
  });
  expect(invited.ok()).toBe(true);
  const message = await sink.waitForMessage((candidate) => candidate.to.includes(email), 20_000);
  const token = /\/newpassword\/([A-Za-z0-9_-]+)/.exec(message.html)?.[1];
  const password = `Olvaso-Jelszo-${Date.now().toString(36)}-7`;
  expect((await request.post('/api/user/resetpassword', { data: { token, password } })).ok()).toBe(true);
  const signin = await request.post('/api/user/signin', { data: { email, password } });
  const { token: staffToken } = (await signin.json()) as { token: string };

  await page.goto('/foo');
  await page.evaluate((value) => window.localStorage.setItem('token', value), staffToken);
  await page.goto(`/admin/other/catalogue/${catalogue.id}`);
  await expect(page.getByRole('heading', { level: 1, name: catalogue.title })).toBeVisible();
  await expect(page.getByText('Csak megtekintheted, nem módosíthatod.')).toBeVisible();
  await expect(
    page.getByText('Ehhez nincs jogosultságod (szükséges: „Katalógus módosítása”).'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cím', exact: true })).toHaveValue(catalogue.title);
  await expect(page.getByRole('textbox', { name: 'Cím', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Másik PDF feltöltése' })).toBeDisabled();
  // The rich text is locked like the other fields: shown, without its toolbar, taking no typing.
  const description = page.getByRole('textbox', { name: 'Rövid leírás' });
  await expect(description).toBeVisible();
  await expect(description).not.toBeEditable();
  await expect(page.getByRole('toolbar', { name: 'Formázás' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Forráskód' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mentés' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Törlés' })).toHaveCount(0);
  await expect(page.getByText('Csak megtekintés')).toBeVisible();

  // Nothing typed, nothing to lose: the list opens without asking.
  await page.getByRole('main').getByRole('link', { name: 'Katalógusok' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Katalógusok' })).toBeVisible();
});

test('an edit screen whose record does not exist is the not-found page', async ({ adminPage: page }) => {
  await page.goto('/admin/other/hero/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Az oldal nem található/);
  await expect(page.getByRole('textbox', { name: 'Cím', exact: true })).toHaveCount(0);
  await page.goto('/admin/other/sliders/nem-szam');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
