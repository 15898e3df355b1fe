import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

type Received = { headers: IncomingHttpHeaders; body: string };
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** An integrator's endpoint on this machine, keeping every request as it arrived; `failNext` makes it answer 503 once. */
async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  server: Server;
  failNext: () => void;
}> {
  const received: Received[] = [];
  let failing = false;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = failing ? 503 : 200;
      failing = false;
      response
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status === 200 ? 'köszönjük' : 'karbantartás');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    server,
    failNext: () => {
      failing = true;
    },
  };
}

/** What the README tells a receiver to do: HMAC-SHA256 of "t.body" with the secret, compared with v1. */
function signedBy(secret: string, request: Received): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers['webhook-signature']));
  if (!match) return false;
  return createHmac('sha256', secret).update(`${match[1]}.${request.body}`).digest('hex') === match[2];
}

async function placeOrder(request: APIRequestContext, adminToken: string, title: string) {
  const product = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price: 2990, stock: 10, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(product.ok()).toBe(true);
  const { id } = (await product.json()) as { id: number };
  type Listed = { items: { id: number; name: string }[] };
  const shipping = (await (await request.get('/api/checkout/shipping')).json()) as Listed;
  const paying = (await (await request.get('/api/checkout/payment')).json()) as Listed;
  const address = { name: 'Horog Hanna', postcode: '9021', city: 'Győr', street: 'Baross út 1.' };
  const placed = await request.post('/api/cart/order', {
    data: {
      cart: [{ product: id, quantity: 1 }],
      customer: {
        email: `horog.${Date.now().toString(36)}@example.hu`,
        firstName: 'Hanna',
        lastName: 'Horog',
        phone: '06 30 111 2233',
      },
      shippingAddress: address,
      billingAddress: address,
      acceptTerms: true,
      shippingMethod: shipping.items.find((method) => /GLS/.test(method.name))?.id,
      paymentMethod: paying.items.find((method) => /Utánvét/.test(method.name))?.id,
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return ((await placed.json()) as { order: { id: number; number: string } }).order;
}

test('an admin registers a webhook, sees its secret once, sends a test, and a placed order arrives signed and logged', async ({
  adminPage: page,
  request,
  adminToken,
  uniqueName,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  const url = `${receiver.url}/${uniqueName('bolt').replace(/\W+/g, '-')}`;
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/settings/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhookok' })).toBeVisible();

    await page.getByRole('button', { name: 'Új végpont' }).click();
    const form = page.getByRole('dialog', { name: 'Új webhook-végpont' });
    await form.getByRole('button', { name: 'Végpont létrehozása' }).click();
    await expect(form.getByText('Legalább egy eseményt válassz!')).toBeVisible();
    await form.getByLabel('Cím (URL)').fill(url);
    await form.getByText('Új rendelés').click();
    await form.getByText('Készlet változott').click();
    await shoot(page, 'admin-webhooks-dialog-390');
    await form.getByRole('button', { name: 'Végpont létrehozása' }).click();

    const shown = page.getByRole('dialog', { name: 'Az új végpont aláírási titka' });
    await expect(shown.getByText('Most másold ki – többé nem jelenik meg.')).toBeVisible();
    const secret = await shown.getByRole('textbox', { name: 'Titok' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await shoot(page, 'admin-webhooks-secret-390');
    await shown.getByRole('button', { name: 'Kimásoltam, bezárás' }).click();
    await expect(shown).toBeHidden();

    const row = page.getByRole('row', { name: url });
    await expect(row).toContainText('Új rendelés');
    await expect(page.getByText(secret)).toHaveCount(0);

    await row
      .getByRole('button', { name: `Teszt küldése: ${url}` })
      .filter({ visible: true })
      .click();
    await expect(page.getByText('A teszt megérkezett (HTTP 200).')).toBeVisible();
    const log = page.getByRole('table', { name: 'Kézbesítések' });
    await expect(log.getByRole('row', { name: /Teszt/ })).toContainText('Kézbesítve');
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ event: 'webhook.test' });
    expect(signedBy(secret, receiver.received[0]!)).toBe(true);

    // A shopper's order reaches the endpoint from the outbox, signed with the same secret.
    const order = await placeOrder(request, adminToken, uniqueName('Horgos bögre'));
    await expect
      .poll(() => receiver.received.map((hit) => JSON.parse(hit.body).event).sort())
      .toEqual(['order.created', 'stock.changed', 'webhook.test']);
    const created = receiver.received.find((hit) => JSON.parse(hit.body).event === 'order.created')!;
    expect(signedBy(secret, created)).toBe(true);
    const data = JSON.parse(created.body).data;
    expect(data).toMatchObject({ id: order.id, number: order.number });
    // The 1.0 name went in 2.0.0: only the REST answers' `id` names the order.
    expect(data).not.toHaveProperty('orderId');
    expect(created.headers['webhook-id']).toBe(JSON.parse(created.body).id);

    await page.getByRole('button', { name: 'Frissítés' }).click();
    await expect(log.getByRole('row', { name: /Új rendelés/ })).toContainText('Kézbesítve');
    await expect(log.getByRole('row', { name: /Új rendelés/ })).toContainText('köszönjük');
    await shoot(page, 'admin-webhooks-log-390');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await expect(log.getByRole('columnheader', { name: 'HTTP-kód' })).toBeVisible();
    await shoot(page, 'admin-webhooks-log-1440');

    // A test the endpoint refuses fails at once; "Újraküldés" sends the same event again from the queue.
    receiver.failNext();
    await row
      .getByRole('button', { name: `Teszt küldése: ${url}` })
      .filter({ visible: true })
      .click();
    await expect(page.getByText('A végpont 503-as kóddal válaszolt.')).toBeVisible();
    const failed = log.getByRole('row', { name: /Sikertelen/ });
    await expect(failed).toContainText('karbantartás');
    await shoot(page, 'admin-webhooks-failed-1440');
    const refused = receiver.received.at(-1)!;
    await failed.getByRole('button', { name: /^Újraküldés/ }).click();
    await expect(page.getByText('Újra sorba állítva: a bolt hamarosan elküldi.')).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(5);
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(refused.headers['webhook-id']);
    expect(receiver.received.at(-1)!.body).toBe(refused.body);
    await page.getByRole('button', { name: 'Frissítés' }).click();
    await expect(log.getByRole('row', { name: /Sikertelen/ })).toHaveCount(0);

    await row
      .getByRole('button', { name: `${url} törlése` })
      .filter({ visible: true })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Törlöd a végpontot?' });
    await confirm.getByRole('button', { name: 'Törlés' }).click();
    await expect(page.getByText('A végpont törölve.')).toBeVisible();
    await expect(page.getByRole('row', { name: url })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
