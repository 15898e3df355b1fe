import type { APIRequestContext } from '@playwright/test';
import { placePaidCardOrder } from '../card-order';
import { expect, test } from '../fixtures';

/**
 * What the shop owner sees after a variant is sold: the demo T-shirt's "fehér, S" is paid for by card,
 * and the admin finds that variant's stock lower in the variant table, the order line under the name it
 * was sold by, the packing slip naming it with its code, and the invoice issued.
 */

type Variant = { id: number; title: string; kutiId: string | null; stock: number };
type Product = { id: number; title: string; variants: Variant[] };

async function demoShirt(request: APIRequestContext): Promise<Product> {
  const found = await request.post('/api/product/find-multiple-products-by-kuti-id', {
    data: { ids: ['KT-POLO'] },
  });
  const [card] = ((await found.json()) as { items: { id: number }[] }).items;
  if (!card) throw new Error('A demóadatokban nincs KT-POLO kódú póló.');
  return (await (await request.get(`/api/product/${card.id}`)).json()) as Product;
}

test('after "Póló, fehér, S" is paid by card, the admin sees its stock drop, prints its packing slip and finds its invoice', async ({
  adminPage: page,
  request,
}) => {
  test.setTimeout(90_000);
  const shirt = await demoShirt(request);
  const variant = shirt.variants.find((entry) => entry.title === 'fehér, S');
  if (!variant) throw new Error('A demó pólónak nincs „fehér, S” változata.');
  const email = `feher.${Date.now().toString(36)}@example.hu`;
  const address = { name: 'Fehér Flóra', postcode: '9021', city: 'Győr', street: 'Baross Gábor út 3.' };
  const order = await placePaidCardOrder(request, page, {
    cart: [{ product: shirt.id, variant: variant.id, quantity: 1 }],
    customer: { email, firstName: 'Flóra', lastName: 'Fehér', phone: '06 30 222 3333' },
    address,
  });

  await page.setViewportSize({ width: 1440, height: 1000 });
  // The variant table of the product: this variant is one piece lower.
  await page.goto(`/admin/catalog/products/${shirt.id}`);
  await expect(page.getByRole('textbox', { name: 'fehér, S: Készlet' })).toHaveValue(
    String(variant.stock - 1),
  );

  // The order names the variant as sold; the card payment is invoiced by the worker (the Számla Agent's stand-in).
  await page.goto(`/admin/order/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Rendelés ${order.number}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tételek' }).getByText('Póló, fehér, S')).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('invoice-number-invoice')).toHaveText(/^KBB-\d{4}-\d+$/, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });

  await page.getByRole('link', { name: 'Szállítólevél' }).click();
  const slip = page.getByRole('region', { name: `Szállítólevél ${order.number}` });
  await expect(slip.getByRole('row', { name: /Póló, fehér, S.*KT-POLO-FEH-S.*1 db/ })).toBeVisible();
});
