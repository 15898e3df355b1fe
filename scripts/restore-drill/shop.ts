// The restore drill's shopper and admin (restore-drill.sh): `order <url>` places a cash-on-delivery order
// over the REST API, completes it as the admin and waits until its invoice is issued; `serve <url>`
// asks the shop for pages until the file named by STOP exists (the backup is running meanwhile).
import { existsSync } from 'node:fs';

type Json = Record<string, unknown>;

async function api<T = Json>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function order(base: string): Promise<void> {
  const token = (
    await api<{ token: string }>(base, 'POST', '/api/user/signin', {
      email: process.env.ADMIN_EMAIL,
      password: process.env.ADMIN_PASSWORD,
    })
  ).token;
  const product = (
    await api<{ items: { id: number; inStock: boolean }[] }>(base, 'GET', '/api/product/featured')
  ).items.find((item) => item.inStock);
  const shipping = (
    await api<{ items: { id: number; needsAddress: boolean }[] }>(base, 'GET', '/api/checkout/shipping')
  ).items.find((method) => method.needsAddress);
  const payment = (
    await api<{ items: { id: number; provider: string }[] }>(base, 'GET', '/api/checkout/payment')
  ).items.find((method) => method.provider === 'cash_on_delivery');
  if (!product || !shipping || !payment)
    throw new Error('A demóboltban nincs rendelhető termék, futár vagy utánvét.');
  const address = { name: 'Próba Péter', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' };
  const placed = await api<{ order: { id: number; number: string } }>(base, 'POST', '/api/cart/order', {
    cart: [{ product: product.id, quantity: 2 }],
    customer: { email: 'drill@example.hu', firstName: 'Péter', lastName: 'Próba', phone: '+36 30 123 4567' },
    shippingAddress: address,
    billingAddress: address,
    shippingMethod: shipping.id,
    paymentMethod: payment.id,
    acceptTerms: true,
  });
  for (const status of ['processing', 'shipped', 'completed']) {
    await api(base, 'POST', `/api/order/${placed.order.id}/status`, { status }, token);
  }
  // The invoice worker (INVOICE_INTERVAL_MS) issues it through the Számlázz.hu stand-in.
  for (let attempt = 0; attempt < 120; attempt++) {
    const view = await api<{ invoice: { number: string } | null }>(
      base,
      'GET',
      `/api/order/${placed.order.id}`,
      undefined,
      token,
    );
    if (view.invoice?.number) {
      process.stdout.write(`rendelés ${placed.order.number}, számla ${view.invoice.number}\n`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`A ${placed.order.number} rendelés számlája nem készült el 60 másodperc alatt.`);
}

/** Reads the catalogue again and again until told to stop: every answer must come, while the backup runs. */
async function serve(base: string, stopFile: string): Promise<void> {
  let answered = 0;
  while (!existsSync(stopFile)) {
    await api(base, 'GET', '/api/product/featured');
    await api(base, 'GET', '/health/ready');
    answered++;
  }
  process.stdout.write(`a mentés alatt ${answered}× válaszolt a bolt\n`);
}

const [command, base = '', stopFile = ''] = process.argv.slice(2);
const done =
  command === 'order'
    ? order(base)
    : command === 'serve'
      ? serve(base, stopFile)
      : Promise.reject(new Error('usage: order|serve <url>'));
done.catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
