import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from '../fixtures';
import { ft } from '../money';

type Card = { id: number; slug: string; title: string; price: number };
type PriceBand = { minQuantity: number; maxQuantity: number | null; unitPrice: number };
type Facet = { id: number; title: string; values: { id: number; title: string; count: number }[] };

async function filters(request: APIRequestContext, body: object) {
  const response = await request.post('/api/product/filters', { data: body });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { items: Card[]; total: number; facets: { properties: Facet[] } };
}

/** A bögre with quantity prices, found through the API so the test does not depend on seed ids. */
async function tieredMug(request: APIRequestContext) {
  const { items } = await filters(request, { query: 'bögre', pageSize: 48 });
  for (const item of items) {
    const response = await request.get(`/api/product/${item.id}`);
    const product = (await response.json()) as Card & { priceBands: PriceBand[]; unit: string };
    if (product.priceBands.length >= 2) return product;
  }
  throw new Error('A demóadatokban nincs mennyiségi áras bögre.');
}

/**
 * Each card's price as a screen reader hears it ("12990 forint"), from the text of the card whether
 * or not it is drawn yet: a card below the screen is drawn only as it nears it, and until then it has
 * no rendered text (`innerText`).
 */
const gridPrices = async (grid: Locator) =>
  (await grid.getByRole('listitem').allTextContents()).map((text) =>
    Number(/(\d+) forint/.exec(text)?.[1] ?? 0),
  );

test('a shopper browses a category, filters by a property and sorts by price', async ({
  page,
  request,
  categoryTree,
}) => {
  const kitchen = categoryTree.find((category) => category.title === 'Konyha') ?? categoryTree[0]!;
  const { facets, total } = await filters(request, { category: kitchen.urlPath });
  const material = facets.properties.find((facet) => facet.values.length > 1)!;
  const value = material.values.find((candidate) => candidate.count > 0 && candidate.count < total)!;

  await page.goto('/');
  await page
    .getByRole('region', { name: 'Fő kategóriák' })
    .getByRole('link', { name: new RegExp(`^${kitchen.title}`) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: kitchen.title })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `/ ${total} termék` })).toBeVisible();

  const filtersPanel = page.getByRole('complementary', { name: 'Szűrők' });
  const materialGroup = filtersPanel.getByRole('group', { name: material.title });
  // The visible box is the label's; the real checkbox under it is visually hidden.
  await materialGroup.getByText(value.title, { exact: true }).click();
  await expect(materialGroup.getByRole('checkbox', { name: value.title, exact: true })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`f=${material.id}%3A${value.id}`));
  await expect(page.getByRole('status').filter({ hasText: `/ ${value.count} termék` })).toBeVisible();

  await page.getByRole('combobox', { name: 'Rendezés' }).selectOption({ label: 'Ár szerint növekvő' });
  await expect(page).toHaveURL(/sort=price-asc/);
  const grid = page.getByRole('main').getByRole('list').last();
  await expect(async () => {
    const prices = await gridPrices(grid);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).not.toContain(0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  }).toPass();
  const expected = await filters(request, {
    category: kitchen.urlPath,
    properties: { [material.id]: [value.id] },
    sort: 'price-asc',
  });
  await expect(grid.getByRole('listitem').first()).toContainText(expected.items[0]!.title);

  // The filters live in the URL: a reload shows the same list.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Rendezés' })).toHaveValue('price-asc');
  await expect(
    filtersPanel
      .getByRole('group', { name: material.title })
      .getByRole('checkbox', { name: value.title, exact: true }),
  ).toBeChecked();

  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(`/${expected.items[0]!.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: expected.items[0]!.title })).toBeVisible();
});

test('a phone draws the filters in its sheet only, and a screen grown wide draws the sidebar', async ({
  page,
  categoryTree,
}) => {
  const kitchen = categoryTree.find((category) => category.title === 'Konyha') ?? categoryTree[0]!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/category/${kitchen.urlPath}`);
  // The page behind the open sheet is hidden from screen readers, its button too.
  const sheetButton = page.getByRole('button', { name: /^Szűrők( \(\d+\))?$/, includeHidden: true });
  await sheetButton.click();
  const sheet = page.getByRole('dialog', { name: 'Szűrők' });
  await expect(sheet.getByRole('checkbox').first()).toBeVisible();
  // The sidebar (hidden below 1280 px) was left the server's skeleton: its checkboxes, drawn and
  // hydrated hidden, were a long task of a phone's start-up.
  await expect(page.locator('aside input[type="checkbox"]')).toHaveCount(0);
  await expect(sheetButton).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  // The sheet opens from a plain button, drawn after the tap: closing still gives it the focus back.
  await expect(sheetButton).toBeFocused();
  await expect(sheetButton).toHaveAttribute('aria-expanded', 'false');

  await page.setViewportSize({ width: 1440, height: 900 });
  const sidebar = page.getByRole('complementary', { name: 'Szűrők' });
  await expect(sidebar.getByRole('checkbox', { name: 'Csak a raktáron lévők' })).toBeAttached();
  await expect(sheetButton).toBeHidden();
});

test('a page number past the last page says the page no longer exists and leads to the first', async ({
  page,
}) => {
  await page.goto('/konyha?page=999');
  await expect(page.getByText('Ez az oldal üres: a lista 999. oldala már nem létezik.')).toBeVisible();
  await expect(page.getByText(/–.* \/ .* termék/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Az első oldalra' }).click();
  await expect(page).toHaveURL(/\/konyha$/);
  await expect(page.getByText(/^1–\d+ \/ [\d\s]+ termék$/)).toBeVisible();
});

test('the product page shows the tier table and prices the quantity', async ({ page, request }) => {
  const product = await tieredMug(request);
  const [first, ...rest] = product.priceBands;
  const last = rest.at(-1)!;

  await page.goto(`/${product.slug}`);
  await expect(page).toHaveURL(new RegExp(`-${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  const tiers = page.getByRole('region', { name: 'Mennyiségi árak' });
  await expect(tiers).toContainText(
    `${first!.minQuantity}–${first!.maxQuantity} db: ${ft(first!.unitPrice)}`,
  );
  await expect(tiers).toContainText(`${last.minQuantity}+ db: ${ft(last.unitPrice)}`);

  await page.getByRole('textbox', { name: /^Mennyiség/ }).fill(String(last.minQuantity));
  await expect(page.getByText(`Összesen: ${ft(last.unitPrice * last.minQuantity)}`)).toBeVisible();

  // A wrong name part before the right id leads to the canonical URL.
  await page.goto(`/regi-nev-${product.id}`);
  await expect(page).toHaveURL(`/${product.slug}`);

  // The same page under /product/{slug}.
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
});

test('a guest who bookmarks is asked to sign in, in the spec’s words', async ({ page, request }) => {
  const { items } = await filters(request, { pageSize: 1 });
  await page.goto(`/${items[0]!.slug}`);
  await page.getByRole('button', { name: 'Kedvencekhez' }).click();
  await expect(
    page.getByText('A funkcióh használatához kérjük jelentkezzen be!', { exact: true }),
  ).toBeVisible();
});

test('searching "bogre" without the accent finds the bögre products', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Keresés a webáruházban' });
  await box.fill('bogre');
  await expect(page.getByRole('option').filter({ hasText: /bögre/i }).first()).toBeVisible();
  await box.press('Enter');

  await expect(page).toHaveURL('/search/bogre');
  await expect(page.getByRole('heading', { level: 1, name: 'Keresés: „bogre”' })).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: 'termék' });
  await expect(status).toHaveText(/\/ \d+ termék/);
  const found = Number(/\/ (\d+) termék/.exec((await status.textContent()) ?? '')?.[1]);
  expect(found).toBeGreaterThanOrEqual(62);
  const titles = await page
    .getByRole('main')
    .getByRole('list')
    .last()
    .getByRole('heading', { level: 3 })
    .allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.filter((title) => /bögr/i.test(title)).length).toBeGreaterThan(titles.length / 2);
});
