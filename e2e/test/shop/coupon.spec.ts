import { expect, test } from '../fixtures';
import { ft } from '../money';
import { createProduct } from '../seed-products';
import { PHONE, slowCpu } from '../slow-cpu';

type Order = {
  id: number;
  number: string;
  total: number;
  paidTotal: number;
  discountTotal: number;
  lines: { id: number; lineTotal: number; discount: number }[];
};

const ORDER_BUTTON = 'Megrendelés fizetési kötelezettséggel';
const CARD_SUCCEEDS = '4444 8888 8888 5559';

test.use(PHONE);

/**
 * Issue #25's journey: a shopper on a phone types the demo's DEMO10 into the cart, pays by card on the
 * Barion stand-in, and the Barion amount and the Számlázz.hu invoice match the order to the forint; a
 * refund of one piece pays back what was paid for it, not its list price.
 */
test('a shopper uses DEMO10 on a phone, pays by card, and the invoice, Barion and a refund agree to the forint', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Kuponos bögre'),
    price: 7490,
  });
  await page.goto('/foo');
  await page.evaluate(
    (id) => window.localStorage.setItem('cart', JSON.stringify([{ product: id, quantity: 2 }])),
    product.id,
  );

  // On a phone whose CPU runs four times slower, typed as soon as the field shows: an unknown code
  // first, then the demo's. The slowdown is lifted for the long checkout form and the gateway, which
  // other journeys cover at full speed.
  const cpu = await slowCpu(page);
  await page.goto('/cart');
  const field = page.getByRole('textbox', { name: 'Kuponkód' });
  await field.fill('nincsilyen');
  await page.getByRole('button', { name: 'Beváltás' }).tap();
  await expect(page.getByText('NINCSILYEN: Nincs ilyen kuponkód.')).toBeVisible();
  await field.fill('demo10');
  // The refused code's message goes the moment a new code is typed, and the field is no longer invalid.
  await expect(page.getByText('NINCSILYEN: Nincs ilyen kuponkód.')).toBeHidden();
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await field.press('Enter');
  // 2 × 7 490 = 14 980 Ft; 10 % is 1 498 Ft.
  await expect(page.getByRole('status').filter({ hasText: 'DEMO10 beváltva' })).toContainText(`−${ft(1498)}`);
  const summary = page.getByRole('complementary', { name: 'Összesítés' });
  await expect(summary.getByText('Tíz százalék mindenre (DEMO10)')).toBeVisible();

  await summary.getByRole('link', { name: 'Tovább a pénztárhoz' }).tap();
  await page.getByRole('link', { name: 'Folytatás vendégként' }).tap();
  await expect(page).toHaveURL('/order/checkout');
  const checkout = page.getByRole('region', { name: 'Rendelésed összesítése' });
  await expect(checkout.getByText('DEMO10 beváltva')).toBeVisible();
  await expect(checkout.getByText('Kedvezmény: Tíz százalék mindenre (DEMO10)')).toBeVisible();

  await cpu.lift();
  const email = `kuponos.${Date.now().toString(36)}@example.hu`;
  await page.getByLabel('E-mail-cím').fill(email);
  await page.getByLabel('Vezetéknév').fill('Kupon');
  await page.getByLabel('Keresztnév').fill('Kata');
  await page.getByLabel('Telefonszám').fill('06 30 123 4567');
  const gls = page.getByRole('radio', { name: /GLS házhozszállítás/ });
  await gls.press('Space');
  await expect(gls).toBeChecked();
  const address = page.getByRole('region', { name: 'Szállítási cím' });
  await address.getByLabel('Címzett neve').fill('Kupon Kata');
  await address.getByLabel('Irányítószám').fill('6720');
  await address.getByLabel('Település').fill('Szeged');
  await address.getByLabel('Utca, házszám').fill('Kárász utca 1.');
  // 13 482 Ft of items and the GLS courier's 1 990 Ft.
  const total = 14_980 - 1498 + 1990;
  await expect(checkout.getByText(ft(total), { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: /Elolvastam és elfogadom/ }).press('Space');
  await page.getByRole('button', { name: ORDER_BUTTON }).tap();

  await expect(page).toHaveURL(/\/_barion\//);
  await page.getByLabel('Kártyaszám').fill(CARD_SUCCEEDS);
  await page.getByRole('button', { name: 'Fizetés', exact: true }).tap();
  await expect(page).toHaveURL(/\/order\/success\?order=\d+/, { timeout: 20_000 });
  await expect(page.getByText(ft(total)).first()).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('coupon'))).toBeNull();

  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  const order = (await (
    await request.get(`/api/order/${orderId}`, { headers: { token: adminToken } })
  ).json()) as Order;
  // Barion took exactly the order's total; the lines carry their shares of the discount.
  expect(order).toMatchObject({ total, paidTotal: total, discountTotal: 1498 });
  expect(order.lines).toEqual([expect.objectContaining({ lineTotal: 13_482, discount: 1498 })]);

  // The invoice the paid order got from the Számlázz.hu stand-in has the same gross total.
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/order/${orderId}/invoices`, {
          headers: { token: adminToken },
        });
        const { items } = (await answer.json()) as {
          items: { kind: string; status: string; grossTotal: number | null }[];
        };
        return items.find((item) => item.kind === 'invoice' && item.status === 'issued')?.grossTotal ?? null;
      },
      { timeout: 30_000 },
    )
    .toBe(total);

  // One of the two mugs back: 6 741 Ft, what was paid for it, not its 7 490 Ft list price.
  const refund = await request.post(`/api/order/${orderId}/refund`, {
    headers: { token: adminToken },
    data: { lines: [{ line: order.lines[0]!.id, quantity: 1 }] },
  });
  expect(refund.ok()).toBe(true);
  expect(((await refund.json()) as { refund: { amount: number } }).refund.amount).toBe(6741);
});
