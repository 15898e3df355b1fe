import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForAppAfterNavigation } from '../fixtures';

type OutboxItem = { id: number; to: string; subject: string; templateKey: string | null };
type Product = { id: number; slug: string; title: string };

/** Screenshots for looking at the screens by eye (E2E_SHOTS=dir); none in ordinary runs. */
const SHOTS = process.env.E2E_SHOTS;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** An address of this run's own, made of a unique name. */
const mailbox = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@example.hu`;

async function outboxFor(request: APIRequestContext, adminToken: string, email: string) {
  const response = await request.post('/api/email/outbox', {
    headers: { token: adminToken },
    data: { search: email },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: OutboxItem[] }).items;
}

async function createProduct(
  request: APIRequestContext,
  adminToken: string,
  title: string,
): Promise<Product> {
  const kutiId = `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const response = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price: 4990, stock: 20, kutiId, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

test('a shopper sends the contact form and the acknowledgement is in the outbox; the admin answers it', async ({
  page,
  browser,
  request,
  adminToken,
  uniqueName,
}) => {
  // Two journeys in one, and the form makes the sender wait its minimum fill time.
  test.slow();
  const email = mailbox(uniqueName('kapcsolat'));
  const subject = `Szállítási idő ${uniqueName('t')}`;

  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Kapcsolat' })).toBeVisible();
  // The company's details come from the shop settings, with a map link.
  await expect(page.getByRole('link', { name: 'Megnézem a térképen' })).toHaveAttribute('target', '_blank');

  const form = page.getByRole('form', { name: 'Kapcsolatfelvételi űrlap' });
  await form.getByRole('textbox', { name: 'Név', exact: true }).fill('Teszt Kapcsolat Anna');
  await form.getByRole('textbox', { name: 'E-mail-cím' }).fill(email);
  await form.getByRole('textbox', { name: 'Tárgy' }).fill(subject);
  await form.getByRole('textbox', { name: 'Üzenet' }).fill('Mikor érkezik a kék bögre?');
  await form.getByRole('button', { name: 'Üzenet küldése' }).click();
  // Without accepting the privacy notice the form says why and sends nothing.
  await expect(form.getByText('Az adatkezelési tájékoztató elfogadása kötelező.')).toBeVisible();
  await form.getByText('Elolvastam és elfogadom').click();
  await shoot(page, 'contact-filled');
  await form.getByRole('button', { name: 'Üzenet küldése' }).click();
  await expect(page.getByText('Köszönjük, megkaptuk az üzenetedet!')).toBeVisible();
  await expect(page.getByText(`Visszaigazolást küldtünk a ${email} címre`)).toBeVisible();
  await shoot(page, 'contact-sent');

  const mail = (await outboxFor(request, adminToken, email)).find(
    (item) => item.templateKey === 'contact_received',
  );
  expect(mail?.subject).toBe(`Megkaptuk az üzenetedet: ${subject}`);

  // The admin finds it among the new messages and marks it answered.
  const adminContext = await browser.newContext();
  const admin = waitForAppAfterNavigation(await adminContext.newPage());
  await admin.goto('/foo');
  await admin.evaluate((token) => window.localStorage.setItem('token', token), adminToken);
  await admin.goto('/admin/inquiry/contact?status=new');
  await admin.getByRole('searchbox', { name: 'Keresés az üzenetek között' }).fill(email);
  const row = admin.getByRole('row').filter({ hasText: subject });
  await expect(row.getByText('Új')).toBeVisible();
  await row.getByRole('link', { name: 'Teszt Kapcsolat Anna' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(admin.getByText('Mikor érkezik a kék bögre?')).toBeVisible();
  await admin.getByRole('combobox', { name: 'Állapot' }).selectOption('answered');
  await expect(admin.getByText('Az állapotot elmentettük: megválaszoltnak jelöltük.')).toBeVisible();
  await admin.getByRole('link', { name: 'Üzenetek' }).first().click();
  await admin.getByRole('combobox', { name: 'Állapot' }).selectOption('answered');
  await admin.getByRole('searchbox', { name: 'Keresés az üzenetek között' }).fill(email);
  await expect(admin.getByRole('row').filter({ hasText: subject }).getByText('Megválaszolva')).toBeVisible();
  await adminContext.close();
});

test('a shopper asks for an offer from the product page and the admin sees the products asked for', async ({
  page,
  browser,
  request,
  adminToken,
  uniqueName,
}) => {
  test.slow();
  const product = await createProduct(request, adminToken, uniqueName('Ajánlatos bögre'));
  const email = mailbox(uniqueName('ajanlat'));

  await page.goto(`/${product.slug}`);
  await page.getByRole('button', { name: 'Árajánlatot kérek' }).click();
  const dialog = page.getByRole('dialog', { name: 'Árajánlatot kérek' });
  await expect(dialog.getByText(product.title, { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: `Mennyiség: ${product.title}` }).fill('40');
  await dialog.getByRole('textbox', { name: 'Név', exact: true }).fill('Ajánlat Péter');
  await dialog.getByRole('textbox', { name: 'E-mail-cím' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Cégnév' }).fill('Teszt Kft.');
  await dialog.getByRole('textbox', { name: 'Adószám' }).fill('12345678-1-12');
  await dialog.getByText('Elolvastam és elfogadom').click();
  await dialog.getByRole('button', { name: 'Ajánlatkérés küldése' }).click();
  // A wrong check digit is named under its field.
  await expect(dialog.getByText('Az adószám ellenőrző számjegye hibás.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Adószám' }).fill('12345676-1-12');
  await shoot(page, 'offer-dialog');
  await dialog.getByRole('button', { name: 'Ajánlatkérés küldése' }).click();
  await expect(page.getByText('Megkaptuk az árajánlatkérésedet.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const ack = (await outboxFor(request, adminToken, email)).find(
    (item) => item.templateKey === 'offer_received',
  );
  expect(ack).toBeDefined();

  const adminContext = await browser.newContext();
  const admin = waitForAppAfterNavigation(await adminContext.newPage());
  await admin.goto('/foo');
  await admin.evaluate((token) => window.localStorage.setItem('token', token), adminToken);
  await admin.goto('/admin/inquiry/offer');
  await admin.getByRole('searchbox', { name: 'Keresés az ajánlatkérések között' }).fill(email);
  await admin.getByRole('link', { name: 'Ajánlat Péter' }).click();
  const lines = admin.getByRole('table', { name: 'Kért termékek' });
  await expect(lines.getByRole('row').filter({ hasText: product.title })).toContainText('40 db');
  await expect(admin.getByText('12345676-1-12')).toBeVisible();
  await adminContext.close();
});
