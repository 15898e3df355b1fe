import type { APIRequestContext, Page } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '@shop/api/testing';
import { registerCustomer, type TestCustomer } from '../customer';
import { expect, test, waitForAppAfterNavigation } from '../fixtures';
import { ft } from '../money';

type Product = { id: number; slug: string; title: string };
type EmailSetting = {
  smtpHost: string | null;
  smtpPort: number | null;
  smtpSecure: boolean;
  senderName: string;
  senderEmail: string;
};

const ORDER_BUTTON = 'Megrendelés fizetési kötelezettséggel';

/** Screenshots for looking at the screens by eye (E2E_SHOTS=dir); none in ordinary runs. */
const SHOTS = process.env.E2E_SHOTS;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function createProduct(
  request: APIRequestContext,
  adminToken: string,
  title: string,
): Promise<Product> {
  const kutiId = `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const response = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price: 4990, stock: 50, kutiId, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

/**
 * The quote link reaches only the customer's mailbox (the admin's outbox shows it blanked), so this
 * journey has the shop deliver to a local SMTP sink, and puts the demo's settings back after it.
 */
let sink: SmtpSink;
let shopMailSettings: EmailSetting | undefined;

test.beforeAll(async () => {
  sink = await startSmtpSink();
});

test.afterAll(async ({ request, adminToken }) => {
  if (shopMailSettings) {
    const { smtpHost, smtpPort, smtpSecure, senderName, senderEmail } = shopMailSettings;
    await request.put('/api/emailsetting', {
      headers: { token: adminToken },
      data: { smtpHost, smtpPort, smtpSecure, senderName, senderEmail },
    });
  }
  await sink.close();
});

async function deliverToSink(request: APIRequestContext, adminToken: string): Promise<void> {
  const current = await request.get('/api/emailsetting', { headers: { token: adminToken } });
  shopMailSettings = (await current.json()) as EmailSetting;
  const { smtpSecure, senderName, senderEmail } = shopMailSettings;
  const saved = await request.put('/api/emailsetting', {
    headers: { token: adminToken },
    data: { smtpHost: sink.host, smtpPort: sink.port, smtpSecure, senderName, senderEmail },
  });
  expect(saved.status()).toBe(200);
}

/** The path of the quote link in the e-mail `email` receives. */
async function quoteLinkSentTo(email: string): Promise<string> {
  const message = await sink.waitForMessage(
    (candidate) => candidate.to.includes(email) && candidate.html.includes('/quote/'),
    20_000,
  );
  const link = /href="https?:\/\/[^/"]+(\/quote\/[A-Za-z0-9_-]+)"/.exec(message.html)?.[1];
  expect(link, 'a levélben lévő link').toBeDefined();
  return link!;
}

/**
 * The customer asks for `quantity` pieces as the product page's "Árajánlatot kérek" form sends it (that
 * form's own journey is in contact.spec.ts). The form token proves the minimum fill time: until it has
 * passed the server answers 400 and stores nothing, so the request is simply sent again.
 */
async function requestOffer(
  request: APIRequestContext,
  customer: TestCustomer,
  product: number,
  quantity: number,
) {
  const issued = await request.get('/api/contact/form-token');
  expect(issued.ok()).toBe(true);
  const { token: formToken } = (await issued.json()) as { token: string };
  const offer = {
    name: 'Ajánlatkérő Anna',
    email: customer.email,
    companyName: 'Kancsó Kft.',
    taxNumber: '12345676-1-12',
    lines: [{ product, quantity }],
    consent: true,
    formToken,
    website: '',
  };
  await expect
    .poll(
      async () =>
        (
          await request.post('/api/contact/offer', { headers: { token: customer.token }, data: offer })
        ).status(),
      { intervals: [1000], timeout: 15_000 },
    )
    .toBe(200);
}

test('an offer request becomes a quote and the customer checks out at the quoted price', async ({
  page,
  browser,
  request,
  adminToken,
  uniqueName,
}) => {
  // A whole journey across two people: the request, the admin's quote, the link, the cart and the order.
  test.setTimeout(180_000);
  const product = await createProduct(request, adminToken, uniqueName('Ajánlatos kancsó'));
  const customer = await registerCustomer(request, { firstName: 'Ajánlatkérő' });
  await page.goto('/foo');
  await page.evaluate((token) => window.localStorage.setItem('token', token), customer.token);
  await requestOffer(request, customer, product.id, 10);

  // The admin answers it with a lower price on the offer request's page.
  const adminContext = await browser.newContext();
  const admin = waitForAppAfterNavigation(await adminContext.newPage());
  await admin.goto('/foo');
  await admin.evaluate((token) => window.localStorage.setItem('token', token), adminToken);
  await admin.goto('/admin/inquiry/offer');
  await admin.getByRole('searchbox', { name: 'Keresés az ajánlatkérések között' }).fill(customer.email);
  await admin.getByRole('link', { name: 'Ajánlatkérő Anna' }).click();
  const panel = admin.getByRole('region', { name: 'Árajánlat' });
  await expect(panel.getByText('Még nincs árajánlat.', { exact: false })).toBeVisible();
  await panel.getByRole('button', { name: 'Új árajánlat' }).click();
  const editor = admin.getByRole('dialog', { name: 'Új árajánlat' });
  // It starts from the request: the product, the quantity asked for and the list price.
  await expect(editor.getByRole('textbox', { name: `${product.title}: mennyiség` })).toHaveValue('10');
  const price = editor.getByRole('textbox', { name: `${product.title}: ár / db` });
  await expect(price).toHaveValue('4990');
  await price.fill('3990');
  await expect(editor.getByText(`Összesen: ${ft(39_900)}`)).toBeVisible();
  await editor.getByRole('textbox', { name: 'Megjegyzés a vásárlónak' }).fill('Tíz darabtól ennyi.');
  await shoot(admin, 'quote-editor');
  if (SHOTS) {
    await admin.setViewportSize({ width: 390, height: 844 });
    await shoot(admin, 'quote-editor-390');
    await admin.setViewportSize({ width: 1280, height: 720 });
  }
  await editor.getByRole('button', { name: 'Árajánlat létrehozása' }).click();
  await expect(admin.getByText('Az árajánlat elkészült. Küldd el a vásárlónak!')).toBeVisible();
  const card = panel.getByRole('article');
  await expect(card.getByText('Piszkozat')).toBeVisible();
  await expect(card.getByRole('row').filter({ hasText: product.title })).toContainText(ft(39_900));
  await deliverToSink(request, adminToken);
  await card.getByRole('button', { name: 'Küldés e-mailben' }).click();
  await expect(admin.getByText('Az árajánlatot elküldtük.')).toBeVisible();
  await expect(card.getByText('Elküldve', { exact: true })).toBeVisible();
  await shoot(admin, 'quote-panel');

  // The customer opens the e-mailed link and puts the quote into the cart.
  const link = await quoteLinkSentTo(customer.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Árajánlat' })).toBeVisible();
  await expect(page.getByText(`10 × ${ft(3990)}`)).toBeVisible();
  await expect(page.getByText('Tíz darabtól ennyi.')).toBeVisible();
  await shoot(page, 'quote-page');
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'quote-page-390');
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await page.getByRole('button', { name: 'Kosárba teszem' }).click();
  await expect(page).toHaveURL('/cart');
  const line = page.getByRole('listitem', { name: product.title });
  await expect(line.getByText('Árajánlat szerinti ár')).toBeVisible();
  await expect(line.getByText(ft(39_900))).toBeVisible();
  await shoot(page, 'quote-cart');

  // And orders at that price.
  await page.getByRole('link', { name: 'Tovább a pénztárhoz' }).click();
  await expect(page).toHaveURL('/order/checkout');
  const summary = page.getByRole('region', { name: 'Rendelésed összesítése' });
  await expect(summary.getByText(product.title)).toBeVisible();
  await page.getByLabel('Telefonszám').fill('06 20 987 6543');
  const address = page.getByRole('region', { name: 'Szállítási cím' });
  await address.getByLabel('Címzett neve').fill('Ajánlatkérő Anna');
  await address.getByLabel('Irányítószám').fill('6720');
  await address.getByLabel('Település').fill('Szeged');
  await address.getByLabel('Utca, házszám').fill('Kárász utca 1.');
  await page.getByRole('radio', { name: /Utánvét/ }).press('Space');
  const terms = page.getByRole('checkbox', { name: /Elolvastam és elfogadom/ });
  await terms.press('Space');
  await expect(terms).toBeChecked();
  await page.getByRole('button', { name: ORDER_BUTTON }).click();
  await expect(page).toHaveURL(/\/order\/success\?order=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));

  const order = await request.get(`/api/order/${orderId}`, { headers: { token: adminToken } });
  expect(order.ok()).toBe(true);
  const placed = (await order.json()) as {
    lines: { product: number; unitPrice: number; quantity: number }[];
  };
  expect(placed.lines).toEqual([
    expect.objectContaining({ product: product.id, unitPrice: 3990, quantity: 10 }),
  ]);

  // The quote is used: the admin sees it, and the link no longer fills the cart.
  await admin.reload();
  await expect(admin.getByRole('region', { name: 'Árajánlat' }).getByText('Felhasználva')).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('Ebből az árajánlatból már rendelés készült', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kosárba teszem' })).toBeHidden();
  await adminContext.close();
});
