import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { ft } from '../money';
import { createProduct } from '../seed-products';

// "Ft" spelled out, or an amount read as two numbers ("10 020"), before the currency.
const READ_AS_FT = /\d\s?Ft\b/;

async function createPromotion(
  request: APIRequestContext,
  adminToken: string,
  data: Record<string, unknown>,
) {
  const response = await request.post('/api/promotion', { headers: { token: adminToken }, data });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

/**
 * Issue #30: the texts the server writes keep "Ft" (its e-mails and invoices print them too), and the
 * shop shows them so: a screen reader hears the promotion's hint, a discount named with an amount and a
 * coupon's refusal in forints.
 */
test('the hints, discount names and coupon refusals the server writes are seen in Ft and heard in forints', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Forintos bögre'),
    price: 4990,
  });
  // Each rule aimed at this test's own product, so the carts of other journeys do not see them.
  const amountOff = uniqueName('500 Ft kedvezmény');
  const code = `FT${Date.now().toString(36).toUpperCase()}`;
  const promotions = [
    await createPromotion(request, adminToken, {
      name: amountOff,
      automatic: true,
      kind: 'amount',
      value: 500,
      productIds: [product.id],
    }),
    await createPromotion(request, adminToken, {
      name: uniqueName('Tíz százalék nagy kosárra'),
      automatic: true,
      kind: 'percent',
      value: 10,
      minCartValue: 20_000,
      productIds: [product.id],
    }),
    await createPromotion(request, adminToken, {
      name: uniqueName('Kupon nagy kosárra'),
      automatic: false,
      kind: 'percent',
      value: 5,
      minCartValue: 50_000,
      code,
      productIds: [product.id],
    }),
  ];
  try {
    await page.goto('/foo');
    await page.evaluate(
      (id) => window.localStorage.setItem('cart', JSON.stringify([{ product: id, quantity: 2 }])),
      product.id,
    );
    await page.goto('/cart');
    const summary = page.getByRole('complementary', { name: 'Összesítés' });

    // Two mugs, 9 980 Ft: 10 020 Ft short of the 10 %.
    await expect(summary.getByText(`Még ${ft(10_020)}, és 10 % kedvezmény jár`)).toBeVisible();
    const hint = summary.getByRole('status').filter({ hasText: 'kedvezmény jár' });
    const hintHeard = await hint.ariaSnapshot();
    expect(hintHeard).toContain('Még 10020 forint, és 10 % kedvezmény jár');
    expect(hintHeard).not.toMatch(READ_AS_FT);

    // The discount's name as the admin typed it, seen with its "Ft" and heard with "forint".
    await expect(summary.getByText(amountOff)).toBeVisible();
    const summaryHeard = await summary.ariaSnapshot();
    expect(summaryHeard).toContain(amountOff.replace('500 Ft', '500 forint'));
    expect(summaryHeard).not.toMatch(READ_AS_FT);

    // The coupon's refusal names the cart's minimum: read with the field, in forints.
    const field = page.getByRole('textbox', { name: 'Kuponkód' });
    await field.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Beváltás' }).click();
    await expect(page.getByText(`${code}: A kosár értéke legalább ${ft(50_000)} legyen.`)).toBeVisible();
    await expect(field).toHaveAccessibleDescription(`${code}: A kosár értéke legalább 50000 forint legyen.`);

    // Before the order button the discount's row reads the same way.
    await summary.getByRole('link', { name: 'Tovább a pénztárhoz' }).click();
    await page.getByRole('link', { name: 'Folytatás vendégként' }).click();
    await expect(page).toHaveURL('/order/checkout');
    const checkout = page.getByRole('region', { name: 'Rendelésed összesítése' });
    await expect(checkout.getByText(`Kedvezmény: ${amountOff}`)).toBeVisible();
    const checkoutHeard = await checkout.ariaSnapshot();
    expect(checkoutHeard).toContain(`Kedvezmény: ${amountOff.replace('500 Ft', '500 forint')}`);
    expect(checkoutHeard).not.toMatch(READ_AS_FT);
  } finally {
    for (const id of promotions) {
      await request.delete(`/api/promotion/${id}`, { headers: { token: adminToken } });
    }
  }
});

test("the price filter's chip is named with what it shows, and then in forints", async ({
  page,
  categoryTree,
}) => {
  const category = categoryTree[0]!;
  await page.goto(`/category/${category.urlPath}?min=2000&max=5000`);
  const chip = page
    .getByRole('list', { name: 'Aktív szűrők' })
    .getByRole('button', { name: /^Szűrő törlése: Ár/ });
  // The visible text whole, for speech control (label in name), then as a screen reader should say it.
  await expect(chip).toHaveText(`Ár: 2\u00a0000–${ft(5000)}`);
  await expect(chip).toHaveAccessibleName(`Szűrő törlése: Ár: 2\u00a0000–${ft(5000)} (2000–5000 forint)`);
});
