import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { TINY_PNG_BASE64 } from '../images';
import { ft } from '../money';

// A 2×2 PNG: the media library accepts it and makes its variants.
type Product = { id: number; title: string; stock: number; variants: { title: string; stock: number }[] };

/** A product of its own with two pictures, so no other test sees it change. */
async function createShirt(request: APIRequestContext, token: string, title: string): Promise<Product> {
  const imageIds: number[] = [];
  for (const name of ['kek', 'piros']) {
    const uploaded = await request.post('/api/media', {
      headers: { token },
      data: { fileName: `polo-${name}.png`, mimeType: 'image/png', dataBase64: TINY_PNG_BASE64, alt: name },
    });
    expect(uploaded.ok()).toBe(true);
    imageIds.push(((await uploaded.json()) as { id: number }).id);
  }
  const created = await request.post('/api/product/update', {
    headers: { token },
    data: { price: 4990, stock: 0, enabled: true, imageIds, descriptions: [{ language: 'hu', title }] },
  });
  expect(created.ok()).toBe(true);
  return (await created.json()) as Product;
}

const SIZES = ['S', 'M', 'L', 'XL'];

/** 4 sizes × 3 colours saved over REST, 3 of each; L in red dearer; M in black off. */
async function saveGrid(request: APIRequestContext, token: string, product: number) {
  const saved = await request.put(`/api/product/${product}/variants`, {
    headers: { token },
    data: {
      options: [
        { title: 'Méret', values: SIZES.map((title) => ({ title })) },
        {
          title: 'Szín',
          values: [
            { title: 'kék', swatch: '#1d4ed8' },
            { title: 'piros', swatch: '#dc2626' },
            { title: 'fekete', swatch: '#111111' },
          ],
        },
      ],
      variants: SIZES.flatMap((size) =>
        ['kék', 'piros', 'fekete'].map((colour) => ({
          values: [size, colour],
          stock: 3,
          kutiId: `${product}-${size}-${colour}`.toUpperCase(),
          ...(size === 'L' && colour === 'piros' ? { grossPrice: 5990 } : {}),
          ...(size === 'M' && colour === 'fekete' ? { enabled: false } : {}),
        })),
      ),
    },
  });
  expect(saved.ok()).toBe(true);
}

/** Types values into an option's chip input, separated by commas, and adds them with Enter. */
async function addOption(page: Page, index: number, title: string, values: string) {
  await page.getByRole('button', { name: 'Opció hozzáadása' }).click();
  await page.getByLabel(`${index}. opció neve`).fill(title);
  const input = page.getByLabel(`Új érték: ${title}`);
  await input.fill(values);
  await input.press('Enter');
}

test('a product with variants expands in the admin product list to its variants', async ({
  adminPage: page,
  request,
  adminToken,
  uniqueName,
}) => {
  const shirt = await createShirt(request, adminToken, uniqueName('Listázott póló'));
  await saveGrid(request, adminToken, shirt.id);
  await page.goto(`/admin/catalog/products?q=${encodeURIComponent(shirt.title)}`);
  await expect(page.getByText('3 színben')).toBeVisible();
  await page.getByRole('button', { name: `${shirt.title}: változatok megjelenítése` }).click();
  const listed = page.getByTestId('product-variant-row');
  await expect(listed).toHaveCount(12);
  await expect(listed.filter({ hasText: /^L, piros/ })).toContainText(/5\s990\sFt/);
  await expect(listed.filter({ hasText: /^L, piros/ })).toContainText(`${shirt.id}-L-PIROS`);
  await expect(listed.filter({ hasText: /^M, fekete/ })).toContainText('Letiltva');
  await page.getByRole('button', { name: `${shirt.title}: változatok elrejtése` }).click();
  await expect(listed).toHaveCount(0);
});

test('an admin creates sizes and colours, generates 12 variants, removes one, saves and sees them after a reload', async ({
  adminPage: page,
  request,
  adminToken,
  uniqueName,
}) => {
  const shirt = await createShirt(request, adminToken, uniqueName('Változatos póló'));
  await page.goto(`/admin/catalog/products/${shirt.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Változatok' })).toBeVisible();

  await addOption(page, 1, 'Méret', 'S, M, L, XL');
  await addOption(page, 2, 'Szín', 'kék, piros, fekete');
  const swatch = page.getByLabel('kék színmintája');
  await swatch.fill('#1d4ed8');
  // Leaving the colour field closes the browser's own colour chooser.
  await swatch.blur();
  await page.getByRole('button', { name: 'Változatok létrehozása' }).click();
  const rows = page.getByTestId('variant-row');
  await expect(rows).toHaveCount(12);
  // XL is not made in black.
  await page.getByRole('button', { name: 'XL, fekete törlése' }).click();
  await expect(rows).toHaveCount(11);
  await page.getByRole('button', { name: 'Változatok mentése' }).click();
  await expect(page.getByText('A változatok mentve.')).toBeVisible();

  await page.reload();
  await expect(rows).toHaveCount(11);
  await expect(page.getByText('XL, fekete', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('kék színmintája')).toHaveValue('#1d4ed8');
});

test('a colour another product already has keeps its swatch when an admin types it for a new product', async ({
  adminPage: page,
  request,
  adminToken,
  uniqueName,
}) => {
  // Colour values are shared by every product that has them: names of this test's own, so no other test
  // sets their swatches meanwhile.
  const teal = uniqueName('türkiz');
  const sand = uniqueName('homok');
  const mug = await createShirt(request, adminToken, uniqueName('Türkiz bögre'));
  const saved = await request.put(`/api/product/${mug.id}/variants`, {
    headers: { token: adminToken },
    data: {
      options: [{ title: 'Szín', values: [{ title: teal, swatch: '#0f766e' }] }],
      variants: [{ values: [teal], stock: 2 }],
    },
  });
  expect(saved.ok()).toBe(true);

  const shirt = await createShirt(request, adminToken, uniqueName('Türkiz póló'));
  await page.goto(`/admin/catalog/products/${shirt.id}`);
  await addOption(page, 1, 'Szín', `${teal}, ${sand}`);
  await page.getByRole('button', { name: 'Változatok létrehozása' }).click();
  await expect(page.getByTestId('variant-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Változatok mentése' }).click();
  await expect(page.getByText('A változatok mentve.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel(`${teal} színmintája`)).toHaveValue('#0f766e');
  const swatches = async (id: number) => {
    const answer = await request.get(`/api/product/${id}`, { headers: { token: adminToken } });
    expect(answer.ok()).toBe(true);
    const product = (await answer.json()) as {
      options: { values: { title: string; swatch: string | null }[] }[];
    };
    return Object.fromEntries(
      product.options.flatMap((option) => option.values.map((v) => [v.title, v.swatch])),
    );
  };
  expect(await swatches(mug.id)).toEqual({ [teal]: '#0f766e' });
  // A colour no product had before gets no made-up swatch: the shop writes its name until one is picked.
  expect(await swatches(shirt.id)).toEqual({ [teal]: '#0f766e', [sand]: null });
});

test('an admin sets stock and a price for the selected variants, a code, a picture and one off, in one save', async ({
  adminPage: page,
  request,
  adminToken,
  uniqueName,
}) => {
  const shirt = await createShirt(request, adminToken, uniqueName('Szerkesztett póló'));
  await saveGrid(request, adminToken, shirt.id);
  await page.goto(`/admin/catalog/products/${shirt.id}`);
  const rows = page.getByTestId('variant-row');
  await expect(rows).toHaveCount(12);

  // Chakra draws the box beside a visually hidden input: a click on the drawn box (its label) ticks it.
  const tick = async (label: string) => {
    const box = page.getByLabel(label, { exact: true });
    await box.locator('xpath=..').click();
    return box;
  };
  for (const name of ['S, kék', 'M, kék']) await expect(await tick(`${name} kijelölése`)).toBeChecked();
  await page.getByLabel('Készlet beállítása').fill('5');
  await page.getByRole('button', { name: 'Készlet beállítása' }).click();
  await page.getByLabel('Ár beállítása').fill('4490');
  await page.getByRole('button', { name: 'Ár beállítása' }).click();
  await page.getByLabel('S, piros: Termékkód').fill(`${shirt.id}-S-P`);
  await page.getByLabel('S, kék: kép').selectOption({ label: '2. kép' });
  await expect(await tick('L, kék: árusítva')).not.toBeChecked();
  await page.getByRole('button', { name: 'Változatok mentése' }).click();
  await expect(page.getByText('A változatok mentve.')).toBeVisible();

  const stored = (await (
    await request.get(`/api/product/${shirt.id}`, { headers: { token: adminToken } })
  ).json()) as {
    stock: number;
    images: { id: number }[];
    admin: { variants: { id: number; grossPrice: number | null }[] };
    variants: {
      id: number;
      title: string;
      kutiId: string | null;
      stock: number;
      imageId: number | null;
      enabled: boolean;
    }[];
  };
  const variant = (title: string) => stored.variants.find((row) => row.title === title);
  const priceOf = (title: string) =>
    stored.admin.variants.find((row) => row.id === variant(title)?.id)?.grossPrice;
  expect([variant('S, kék')?.stock, variant('M, kék')?.stock, variant('S, piros')?.stock]).toEqual([5, 5, 3]);
  expect([priceOf('S, kék'), priceOf('M, kék'), priceOf('S, piros')]).toEqual([4490, 4490, null]);
  expect(variant('S, piros')?.kutiId).toBe(`${shirt.id}-S-P`);
  expect(variant('S, kék')?.imageId).toBe(stored.images[1]?.id);
  expect(variant('L, kék')?.enabled).toBe(false);
  // The product's own stock is its enabled variants' together: 5 + 5 + 8 × 3 (L kék and M fekete off).
  expect(stored.stock).toBe(34);
  await expect(page.getByLabel('Készlet', { exact: true })).toHaveValue('34');
  await expect(page.getByLabel('Készlet', { exact: true })).toHaveAttribute('readonly', '');
});

for (const width of [390, 1440]) {
  test(`the variant editor fits a ${width} px screen: the table scrolls inside its frame`, async ({
    adminPage: page,
    request,
    adminToken,
    uniqueName,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const shirt = await createShirt(request, adminToken, uniqueName('Szűk póló'));
    await saveGrid(request, adminToken, shirt.id);
    await page.goto(`/admin/catalog/products/${shirt.id}`);
    const table = page.getByTestId('variant-table');
    await expect(page.getByTestId('variant-row')).toHaveCount(12);
    await table.scrollIntoViewIfNeeded();
    // The page itself never scrolls sideways; at 390 px the table does, inside its frame.
    const pageOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(pageOverflow).toBeLessThanOrEqual(0);
    const frame = table.locator('xpath=..');
    const { scrollWidth, clientWidth } = await frame.evaluate((node) => ({
      scrollWidth: node.scrollWidth,
      clientWidth: node.clientWidth,
    }));
    if (width === 390) expect(scrollWidth).toBeGreaterThan(clientWidth);
    const section = page.getByRole('heading', { level: 2, name: 'Változatok' }).locator('xpath=../../..');
    await section.screenshot({ path: testInfo.outputPath(`variants-${width}.png`) });
    await page.screenshot({ path: testInfo.outputPath(`variants-${width}-screen.png`) });

    // The product list's expanded rows fit as well.
    await page.goto(`/admin/catalog/products?q=${encodeURIComponent(shirt.title)}`);
    await page.getByRole('button', { name: `${shirt.title}: változatok megjelenítése` }).click();
    await expect(page.getByTestId('product-variant-row')).toHaveCount(12);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`product-list-${width}.png`), fullPage: true });
  });
}

test.describe('a variant’s own quantity tiers', () => {
  // A fresh server renders its first shop page slowly (it loads the server-side app and builds the
  // catalogue); that is not what these journeys are about, so it happens before them.
  test.beforeAll(async ({ request }) => {
    expect((await request.get('/', { headers: { accept: 'text/html' } })).ok()).toBe(true);
  });

  type Priced = {
    slug: string;
    variants: { id: number; title: string; priceBands: { minQuantity: number; unitPrice: number }[] }[];
  };

  /** A shirt in S and M, blue: a small table keeps the journeys short. `tiers` are S's own. */
  async function createTwoSizes(
    request: APIRequestContext,
    token: string,
    title: string,
    tiers: { minQuantity: number; price: number }[] = [],
  ): Promise<Product> {
    const shirt = await createShirt(request, token, title);
    const saved = await request.put(`/api/product/${shirt.id}/variants`, {
      headers: { token },
      data: {
        options: [
          { title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] },
          { title: 'Szín', values: [{ title: 'kék', swatch: '#1d4ed8' }] },
        ],
        variants: [
          { values: ['S', 'kék'], stock: 20, tiers },
          { values: ['M', 'kék'], stock: 20 },
        ],
      },
    });
    expect(saved.ok()).toBe(true);
    return shirt;
  }

  test('an admin gives one variant a quantity tier in its Árak dialog, and the shop answers its tier table', async ({
    adminPage: page,
    request,
    adminToken,
    uniqueName,
  }) => {
    const shirt = await createTwoSizes(request, adminToken, uniqueName('Sávos póló'));
    await page.goto(`/admin/catalog/products/${shirt.id}`);
    await expect(page.getByTestId('variant-row')).toHaveCount(2);

    await page.getByRole('button', { name: 'S, kék: árak' }).click();
    const dialog = page.getByRole('dialog', { name: 'S, kék: árak' });
    await expect(dialog.getByText(/Saját sávok nélkül a termék mennyiségi árai érvényesek/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Új sáv' }).click();
    await dialog.getByLabel('1. sáv: darabszámtól').fill('10');
    await dialog.getByLabel('1. sáv: bruttó darabár').fill('3990');
    await dialog.getByRole('button', { name: 'Kész' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'S, kék: árak' })).toHaveText('Árak (1)');
    await page.getByRole('button', { name: 'Változatok mentése' }).click();
    await expect(page.getByText('A változatok mentve.')).toBeVisible();

    // What the product page draws its tier table from, as a shopper gets it.
    const shown = (await (await request.get(`/api/product/${shirt.id}`)).json()) as Priced;
    const bandsOf = (title: string) => shown.variants.find((variant) => variant.title === title)?.priceBands;
    expect(bandsOf('S, kék')).toEqual([
      { minQuantity: 1, maxQuantity: 9, unitPrice: 4990 },
      { minQuantity: 10, maxQuantity: null, unitPrice: 3990 },
    ]);
    expect(bandsOf('M, kék')).toEqual([{ minQuantity: 1, maxQuantity: null, unitPrice: 4990 }]);
  });

  test('a shopper sees the chosen variant’s own tier table and pays its tier price for 10 in the cart', async ({
    page,
    request,
    adminToken,
    uniqueName,
  }) => {
    const shirt = await createTwoSizes(request, adminToken, uniqueName('Sávos póló'), [
      { minQuantity: 10, price: 3990 },
    ]);
    const shown = (await (await request.get(`/api/product/${shirt.id}`)).json()) as Priced;
    const kekS = shown.variants.find((variant) => variant.title === 'S, kék');
    await page.goto(`/${shown.slug}?variant=${kekS?.id}`);
    const tiers = page.getByRole('region', { name: 'Mennyiségi árak' });
    await expect(tiers).toContainText(`1–9 db: ${ft(4990)} · 10+ db: ${ft(3990)}`);
    await page.getByRole('textbox', { name: /^Mennyiség/ }).fill('10');
    await expect(page.getByText(`Összesen: ${ft(39_900)}`)).toBeVisible();
    // The other size has no tiers of its own, nor does the product.
    await page.getByRole('button', { name: 'M', exact: true }).click();
    await expect(tiers).toBeHidden();
    await page.getByRole('button', { name: 'S', exact: true }).click();
    await expect(tiers).toBeVisible();
    await page.getByRole('button', { name: `Kosárba: ${shirt.title}, S, kék` }).click();
    await expect(page.getByText(`Kosárba tettük: ${shirt.title}, S, kék`)).toBeVisible();

    await page.goto('/cart');
    const line = page.getByRole('listitem', { name: `${shirt.title}, S, kék` });
    await expect(line).toContainText(ft(39_900));
  });
});

test.describe('a variant’s own sale', () => {
  // The first shop page of a fresh server is slow to render (see the tiers' journeys above).
  test.beforeAll(async ({ request }) => {
    expect((await request.get('/', { headers: { accept: 'text/html' } })).ok()).toBe(true);
  });

  /** What a datetime-local field holds for an instant: the Budapest wall clock, to the minute. */
  const budapestField = (at: Date) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Budapest',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(at)
      .replace(' ', 'T');

  test('an admin on a phone gives one variant a sale for a week in its Árak dialog, and a shopper choosing it sees its price struck through', async ({
    adminPage: page,
    request,
    adminToken,
    uniqueName,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const shirt = await createShirt(request, adminToken, uniqueName('Akciós póló'));
    const saved = await request.put(`/api/product/${shirt.id}/variants`, {
      headers: { token: adminToken },
      data: {
        options: [{ title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] }],
        variants: [
          { values: ['S'], stock: 5 },
          { values: ['M'], stock: 5 },
        ],
      },
    });
    expect(saved.ok()).toBe(true);
    await page.goto(`/admin/catalog/products/${shirt.id}`);
    await expect(page.getByTestId('variant-row')).toHaveCount(2);

    const now = new Date();
    const nextWeek = new Date(now.getTime() + 7 * 24 * 3600_000);
    await page.getByRole('button', { name: 'S: árak' }).click();
    const dialog = page.getByRole('dialog', { name: 'S: árak' });
    await expect(dialog.getByText(/Saját akció nélkül a termék akciója érvényes rá/)).toBeVisible();
    // Not below the list price first: the server refuses it, and its message shows at the field.
    await dialog.getByLabel('Akciós ár (Ft)').fill('5990');
    await dialog.getByLabel('Akció kezdete').fill(budapestField(now));
    await dialog.getByLabel('Akció vége').fill(budapestField(nextWeek));
    await dialog.screenshot({
      path: testInfo.outputPath('variant-sale-dialog-390.png'),
      animations: 'disabled',
    });
    await dialog.getByRole('button', { name: 'Kész' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Változatok mentése' }).click();
    await expect(page.getByText('Javítsd a megjelölt mezőket.')).toBeVisible();
    // The refused row's dialog opens by itself, the message under the sale price.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Akciós ár (Ft)')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toContainText(`Az akciós ár legyen alacsonyabb a listaárnál (${ft(4990)}).`);
    await dialog.getByLabel('Akciós ár (Ft)').fill('3990');
    await dialog.getByRole('button', { name: 'Kész' }).click();
    await expect(dialog).toBeHidden();

    const sRow = page.getByTestId('variant-row').filter({ hasText: /^S/ });
    await expect(sRow.getByTestId('variant-sale').filter({ visible: true })).toContainText(
      `Akció: ${ft(3990)}`,
    );
    await page.getByRole('button', { name: 'Változatok mentése' }).click();
    await expect(page.getByText('A változatok mentve.')).toBeVisible();
    // The page never scrolls sideways on a phone, the dialog's form neither.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);

    // A reload shows the stored sale, in its row and in its dialog.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await expect(sRow.getByTestId('variant-sale').filter({ visible: true })).toContainText(
      `Akció: ${ft(3990)}`,
    );
    await expect(
      page.getByTestId('variant-row').filter({ hasText: /^M/ }).getByTestId('variant-sale'),
    ).toHaveCount(0);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.getByTestId('variant-table').scrollIntoViewIfNeeded();
      // One note at each width: under the name on a phone, under the price on a computer.
      await expect(sRow.getByTestId('variant-sale').filter({ visible: true })).toHaveCount(1);
      await page.screenshot({ path: testInfo.outputPath(`variant-sale-editor-${width}.png`) });
      await page.getByRole('button', { name: 'S: árak' }).click();
      await expect(dialog.getByLabel('Akciós ár (Ft)')).toHaveValue('3990');
      await expect(dialog.getByLabel('Akció vége')).toHaveValue(budapestField(nextWeek));
      await page.screenshot({
        path: testInfo.outputPath(`variant-sale-dialog-${width}-screen.png`),
        animations: 'disabled',
      });
      await dialog.getByRole('button', { name: 'Mégse' }).click();
      await expect(dialog).toBeHidden();
    }

    // A shopper (no admin token) choosing S sees the sale price with its list price struck through; M has none.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.localStorage.removeItem('token'));
    const shown = (await (await request.get(`/api/product/${shirt.id}`)).json()) as { slug: string };
    await page.goto(`/${shown.slug}`);
    await page.getByRole('button', { name: 'S', exact: true }).click();
    // What a screen reader says of the two prices (the visible ones are hidden from it).
    const struck = page.getByText('Eredeti ár: 4990 forint');
    await expect(struck).toBeVisible();
    await expect(page.getByText('Akciós ár: 3990 forint')).toBeVisible();
    await page.getByRole('button', { name: 'M', exact: true }).click();
    await expect(struck).toBeHidden();
    await expect(page.getByText(ft(3990))).toHaveCount(0);
  });
});
