import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createProduct } from '../seed-products';
import { openAtOnce } from '../slow-cpu';
import { signedInStaffMember } from '../staff-member';

/** The stored stock of a product, or of its variants by title, as the owner reads it over REST. */
async function storedStock(request: APIRequestContext, adminToken: string, id: number) {
  const answer = await request.get(`/api/product/${id}`, { headers: { token: adminToken } });
  expect(answer.ok()).toBe(true);
  const product = (await answer.json()) as { stock: number; variants: { title: string; stock: number }[] };
  return {
    stock: product.stock,
    variants: Object.fromEntries(product.variants.map((v) => [v.title, v.stock])),
  };
}

test('a warehouse member sets a product’s and its variants’ stock on a phone, and an order meanwhile is not overwritten', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const mug = await createProduct(request, adminToken, {
    title: uniqueName('Raktári bögre'),
    price: 2990,
    stock: 5,
  });
  const shirt = await createProduct(request, adminToken, { title: uniqueName('Raktári póló'), price: 4990 });
  const variants = await request.put(`/api/product/${shirt.id}/variants`, {
    headers: { token: adminToken },
    data: {
      options: [{ title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] }],
      variants: [
        { values: ['S'], stock: 1, kutiId: `${shirt.kutiId}-S` },
        { values: ['M'], stock: 2, kutiId: `${shirt.kutiId}-M` },
      ],
    },
  });
  expect(variants.ok()).toBe(true);
  // The ready-made warehouse role's catalogue part: it reads the catalogue and changes stock, nothing else.
  const token = await signedInStaffMember(request, adminToken, {
    roleName: uniqueName('Raktáros'),
    permissions: ['catalogue:read', 'stock:write'],
  });
  await page.goto('/foo');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);

  await openAtOnce(page, `/admin/catalog/products/${mug.id}`);
  const stockSection = page.getByRole('heading', { level: 2, name: 'Készlet módosítása' });
  await expect(stockSection).toBeVisible();
  // The rest of the product stays locked, and says where the stock is set.
  await expect(page.getByRole('textbox', { name: /Bruttó ár/ })).toBeDisabled();
  await expect(page.getByText('a készletet fent, a „Készlet módosítása” részben állíthatod')).toBeVisible();
  const mugStock = page.getByRole('textbox', { name: new RegExp(`^Készlet\\s*${mug.kutiId}`) });
  await expect(mugStock).toHaveValue('5');
  await mugStock.fill('12');
  await page.getByRole('button', { name: 'Készlet mentése' }).click();
  await expect(page.getByText('A készlet mentve.')).toBeVisible();
  expect((await storedStock(request, adminToken, mug.id)).stock).toBe(12);

  // An order (here the owner over REST) takes stock while the page still shows 12: the save is refused
  // whole and the page shows what is stored now, instead of writing over the sale.
  const sold = await request.post('/api/product/stock', {
    headers: { token: adminToken },
    data: { items: [{ kutiId: mug.kutiId, adjust: -2 }] },
  });
  expect(sold.ok()).toBe(true);
  await mugStock.fill('20');
  await page.getByRole('button', { name: 'Készlet mentése' }).click();
  await expect(page.getByText('A készlet mentése nem sikerült.')).toBeVisible();
  await expect(mugStock).toHaveValue('10');
  expect((await storedStock(request, adminToken, mug.id)).stock).toBe(10);

  await openAtOnce(page, `/admin/catalog/products/${shirt.id}`);
  await expect(stockSection).toBeVisible();
  const small = page.getByRole('textbox', { name: new RegExp(`^S\\s*${shirt.kutiId}-S`) });
  await expect(small).toHaveValue('1');
  await small.fill('4');
  await page.getByRole('button', { name: 'Készlet mentése' }).click();
  await expect(page.getByText('A készlet mentve.')).toBeVisible();
  expect(await storedStock(request, adminToken, shirt.id)).toEqual({ stock: 6, variants: { S: 4, M: 2 } });
});
