import type { APIRequestContext, Browser, Page } from '@playwright/test';
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
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
type PhoneViewport = typeof PHONE;

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

/** A demo variant by its code, as quick order finds it: the product's id and page, the variant's id. */
async function variantByCode(
  request: APIRequestContext,
  code: string,
): Promise<{ id: number; slug: string; variant: number }> {
  const found = await request.post('/api/product/find-multiple-products-by-kuti-id', {
    data: { ids: [code] },
  });
  expect(found.ok()).toBe(true);
  const [item] = ((await found.json()) as { items: { id: number; slug: string; variant: number | null }[] })
    .items;
  if (!item?.variant) throw new Error(`A demóadatokban nincs ${code} kódú változat.`);
  return { id: item.id, slug: item.slug, variant: item.variant };
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

/**
 * From the cart: checks out to a Szeged address with cash on delivery; answers the order's id.
 * `summaryHas`: a title the order summary shows (where the summary is open, not folded on a phone).
 */
async function orderCashOnDelivery(page: Page, summaryHas?: string): Promise<number> {
  await page.getByRole('link', { name: 'Tovább a pénztárhoz' }).click();
  await expect(page).toHaveURL('/order/checkout');
  if (summaryHas) {
    const summary = page.getByRole('region', { name: 'Rendelésed összesítése' });
    await expect(summary.getByText(summaryHas)).toBeVisible();
  }
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
  return Number(new URL(page.url()).searchParams.get('order'));
}

/** A browser page signed in as the admin, on a screen of that size. */
async function adminPage(browser: Browser, adminToken: string, viewport?: PhoneViewport) {
  const context = await browser.newContext(viewport ?? {});
  const admin = waitForAppAfterNavigation(await context.newPage());
  await admin.goto('/foo');
  await admin.evaluate((token) => window.localStorage.setItem('token', token), adminToken);
  return { context, admin };
}

/** The admin opens the offer request of `email` from the list of offer requests. */
async function openOfferRequest(admin: Page, email: string, name: string | RegExp) {
  await admin.goto('/admin/inquiry/offer');
  await admin.getByRole('searchbox', { name: 'Keresés az ajánlatkérések között' }).fill(email);
  await admin.getByRole('link', { name }).click();
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
  const { context: adminContext, admin } = await adminPage(browser, adminToken);
  await openOfferRequest(admin, customer.email, 'Ajánlatkérő Anna');
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
  const orderId = await orderCashOnDelivery(page, product.title);

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

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a customer asks for "Póló, kék, M", the admin quotes that variant, and the cart and the order have it at the quoted price', async ({
    page,
    browser,
    request,
    adminToken,
  }) => {
    test.setTimeout(180_000);
    // The demo's T-shirt (5 990 Ft up to L) in kék M and kék S.
    const kekM = await variantByCode(request, 'KT-POLO-KEK-M');
    const kekS = await variantByCode(request, 'KT-POLO-KEK-S');
    const shirt = { id: kekM.id, slug: kekM.slug };
    const customer = await registerCustomer(request, { firstName: 'Pólós' });
    await page.goto('/foo');
    await page.evaluate((token) => window.localStorage.setItem('token', token), customer.token);

    // Nothing chosen yet: like Kosárba, "Árajánlatot kérek" first asks for the variant.
    await page.goto(`/${shirt.slug}`);
    await page.getByRole('button', { name: 'Árajánlatot kérek' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: 'Előbb válaszd ki: szín, méret.' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Árajánlatot kérek' })).toBeHidden();
    await page.getByRole('button', { name: 'kék', exact: true }).tap();
    await page.getByRole('button', { name: 'M', exact: true }).tap();
    await expect(page).toHaveURL(`/${shirt.slug}?variant=${kekM.variant}`);
    await page.getByRole('button', { name: 'Árajánlatot kérek' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Árajánlatot kérek' });
    await expect(dialog.getByText('Póló, kék, M', { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Mennyiség: Póló, kék, M' }).fill('3');
    // On a phone the sentence wraps and its middle is the link to the notice: the box is ticked by key.
    const consent = dialog.getByRole('checkbox', { name: /Elolvastam és elfogadom/ });
    await consent.press('Space');
    await expect(consent).toBeChecked();
    await shoot(page, 'variant-offer-dialog-390');
    await dialog.getByRole('button', { name: 'Ajánlatkérés küldése' }).tap();
    await expect(page.getByText('Megkaptuk az árajánlatkérésedet.')).toBeVisible();

    // The admin, on a phone too, sees the variant asked for and quotes it, the variant prefilled.
    const { context: adminContext, admin } = await adminPage(browser, adminToken, PHONE);
    await openOfferRequest(admin, customer.email, new RegExp(customer.lastName));
    const asked = admin.getByRole('table', { name: 'Kért termékek' });
    await expect(asked.getByRole('row').filter({ hasText: 'Póló, kék, M' })).toContainText('3 db');
    const panel = admin.getByRole('region', { name: 'Árajánlat' });
    await panel.getByRole('button', { name: 'Új árajánlat' }).tap();
    const editor = admin.getByRole('dialog', { name: 'Új árajánlat' });
    const variant = editor.getByRole('combobox', { name: 'Póló, kék, M: változat' });
    await expect(variant).toHaveValue(String(kekM.variant));
    await expect(variant.getByRole('option')).toContainText(['kék, S (KT-POLO-KEK-S)']);
    const price = editor.getByRole('textbox', { name: 'Póló, kék, M: ár / db' });
    await expect(price).toHaveValue('5990');
    await price.fill('4990');
    await expect(editor.getByText(`Összesen: ${ft(14_970)}`)).toBeVisible();
    await shoot(admin, 'variant-quote-editor-390');
    await editor.getByRole('button', { name: 'Árajánlat létrehozása' }).tap();
    await expect(admin.getByText('Az árajánlat elkészült. Küldd el a vásárlónak!')).toBeVisible();
    const card = panel.getByRole('article');
    await expect(card.getByRole('row').filter({ hasText: 'Póló, kék, M' })).toContainText(ft(14_970));
    await deliverToSink(request, adminToken);
    await card.getByRole('button', { name: 'Küldés e-mailben' }).tap();
    await expect(card.getByText('Elküldve', { exact: true })).toBeVisible();
    await adminContext.close();

    // Another size of the same shirt is already in the cart; the quote does not price it.
    const added = await request.post('/api/cart/add', {
      headers: { token: customer.token },
      data: { product: shirt.id, variant: kekS.variant, quantity: 3 },
    });
    expect(added.ok()).toBe(true);
    const link = await quoteLinkSentTo(customer.email);
    await page.goto(link);
    const quoted = page.getByRole('list', { name: 'Az ajánlat tételei' });
    await expect(quoted.getByRole('link', { name: 'Póló, kék, M' })).toHaveAttribute(
      'href',
      `/${shirt.slug}?variant=${kekM.variant}`,
    );
    await expect(quoted.getByText(`3 × ${ft(4990)}`)).toBeVisible();
    await page.getByRole('button', { name: 'Kosárba teszem' }).tap();
    await expect(page).toHaveURL('/cart');
    const quotedLine = page.getByRole('listitem', { name: 'Póló, kék, M' });
    await expect(quotedLine.getByText('Árajánlat szerinti ár')).toBeVisible();
    await expect(quotedLine.getByText(ft(14_970))).toBeVisible();
    const otherSize = page.getByRole('listitem', { name: 'Póló, kék, S' });
    await expect(otherSize.getByText(ft(17_970))).toBeVisible();
    await expect(otherSize.getByText('Árajánlat szerinti ár')).toBeHidden();
    await shoot(page, 'variant-quote-cart-390');

    const orderId = await orderCashOnDelivery(page);
    const order = await request.get(`/api/order/${orderId}`, { headers: { token: adminToken } });
    const placed = (await order.json()) as {
      lines: { variant: number | null; title: string; unitPrice: number; quantity: number }[];
    };
    expect(placed.lines).toEqual([
      expect.objectContaining({
        variant: kekS.variant,
        title: 'Póló, kék, S',
        unitPrice: 5990,
        quantity: 3,
      }),
      expect.objectContaining({
        variant: kekM.variant,
        title: 'Póló, kék, M',
        unitPrice: 4990,
        quantity: 3,
      }),
    ]);
  });
});
