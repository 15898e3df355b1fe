import { type SmtpSink, startSmtpSink } from '@shop/api/testing';
import { registerCustomer } from '../customer';
import { expect, test } from '../fixtures';

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

test('a forgotten password is reset through the e-mailed link, and the old one stops working', async ({
  page,
  request,
  adminToken,
}) => {
  const saved = await request.put('/api/emailsetting', {
    headers: { token: adminToken },
    data: { ...demoSettings, smtpHost: sink.host, smtpPort: sink.port },
  });
  expect(saved.status()).toBe(200);
  expect(((await saved.json()) as { deliveryEnabled: boolean }).deliveryEnabled).toBe(true);

  const customer = await registerCustomer(request, { firstName: 'Feledékeny' });
  const newPassword = `Uj-Jelszo-${Date.now().toString(36)}-9`;

  await page.goto('/services/account');
  await page.getByRole('button', { name: 'Elfelejtett jelszó?' }).click();
  await expect(page.getByRole('heading', { name: 'Elfelejtett jelszó' })).toBeVisible();
  await page.getByLabel('E-mail-cím').fill(customer.email);
  await page.getByRole('button', { name: 'Link küldése' }).click();
  await expect(page.getByText(/elküldtük rá az új jelszó beállításához szükséges linket/)).toBeVisible();

  const message = await sink.waitForMessage(
    (candidate) => candidate.to.includes(customer.email) && candidate.subject === 'Új jelszó beállítása',
    20_000,
  );
  const link = /https?:\/\/[^\s"'<>]+\/newpassword\/[A-Za-z0-9_-]+/.exec(message.html)?.[0];
  expect(link).toBeTruthy();
  const path = new URL(link ?? '').pathname;

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Új jelszó beállítása' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Új jelszó', exact: true }).fill(newPassword);
  await page.getByLabel('Új jelszó még egyszer').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Jelszó mentése' }).click();
  await expect(page.getByText('A két jelszó nem egyezik.')).toBeVisible();

  await page.getByLabel('Új jelszó még egyszer').fill(newPassword);
  await page.getByRole('button', { name: 'Jelszó mentése' }).click();
  await expect(page).toHaveURL('/services/account');
  await expect(page.getByText('Szia, Feledékeny!')).toBeVisible();

  const withOld = await request.post('/api/user/signin', {
    data: { email: customer.email, password: customer.password },
  });
  expect(await withOld.json()).toEqual({ msg: 'Hibás felhasználónév vagy jelszó!' });
  const withNew = await request.post('/api/user/signin', {
    data: { email: customer.email, password: newPassword },
  });
  expect(await withNew.json()).toHaveProperty('token');

  // The link works once.
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Új jelszó', exact: true }).fill(`${newPassword}2`);
  await page.getByLabel('Új jelszó még egyszer').fill(`${newPassword}2`);
  await page.getByRole('button', { name: 'Jelszó mentése' }).click();
  await expect(
    page.getByText(
      'Az új jelszó beállítására szolgáló link érvénytelen, már felhasználták, vagy lejárt. Kérj új linket!',
    ),
  ).toBeVisible();
});
