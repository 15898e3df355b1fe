import { type SmtpSink, startSmtpSink } from '@shop/api/testing';
import { registerCustomer } from '../customer';
import { expect, test } from '../fixtures';

let sink: SmtpSink;

test.beforeAll(async () => {
  sink = await startSmtpSink();
});

test.afterAll(async ({ request, adminToken }) => {
  await request.put('/api/emailsetting', {
    headers: { token: adminToken },
    data: {
      smtpHost: null,
      smtpPort: null,
      senderName: 'Kék Bögre Webáruház',
      senderEmail: 'webaruhaz@kekbogre.hu',
    },
  });
  await sink.close();
});

test('an admin connects the SMTP server in the settings and sees the welcome e-mail delivered in the outbox', async ({
  adminPage: page,
  request,
}) => {
  await page.goto('/admin/other/email-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail-beállítások' })).toBeVisible();
  await expect(page.getByText('Demó mód: a levelek nem mennek ki')).toBeVisible();

  const form = page.getByRole('form', { name: 'E-mail-beállítások' });
  await form.getByLabel('Port').fill('99999');
  await form.getByRole('button', { name: 'Mentés' }).click();
  await expect(form.getByText('Az SMTP-port 1 és 65535 közötti szám lehet.')).toBeVisible();

  await form.getByLabel('Kiszolgáló').fill(sink.host);
  await form.getByLabel('Port').fill(String(sink.port));
  await form.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('Az e-mail-beállításokat elmentettük.')).toBeVisible();
  await expect(page.getByText('Demó mód: a levelek nem mennek ki')).toBeHidden();

  const customer = await registerCustomer(request, { firstName: 'Levelező' });
  await sink.waitForMessage((message) => message.to.includes(customer.email), 20_000);

  await page.goto('/admin/other/email-outbox');
  await page.getByRole('searchbox', { name: 'Keresés a kimenő levelek között' }).fill(customer.email);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole('table', { name: 'Kimenő levelek' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Elküldve')).toBeVisible();
  await table.getByRole('link', { name: /Üdvözlünk/ }).click();
  // The list stays on screen until the message has loaded, so read the recipient from the message's own details.
  await expect(page.getByRole('heading', { level: 1, name: /Üdvözlünk/ })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: customer.email })).toHaveText(customer.email);
  await expect(
    page.frameLocator('iframe[title="A levél tartalma"]').getByText(`Kedves ${customer.firstName}!`),
  ).toBeVisible();
});

test('the template editor previews with sample data and warns about unknown placeholders', async ({
  adminPage: page,
}) => {
  // The rich-text editor is the admin's largest download.
  test.slow();
  await page.goto('/admin/other/email');
  await page.getByRole('link', { name: 'Új jelszó kérése' }).click();
  await expect(page.getByLabel('Kulcs')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Törlés' })).toHaveCount(0);

  const preview = page.frameLocator('iframe[title="A levél előnézete"]');
  await expect(preview.getByText('Kedves Anna!')).toBeVisible();

  await page.getByRole('textbox', { name: 'A levél szövege' }).fill('Szia {{firstName}}, a kódod: {{kupon}}');
  await expect(preview.getByText('Szia Anna, a kódod: {{kupon}}')).toBeVisible();
  await expect(page.getByText('Ismeretlen helyőrző')).toBeVisible();
});
