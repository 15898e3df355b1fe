import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';

type FacetValue = { id: number; title: string; count: number };
type Facet = { id: number; title: string; values: FacetValue[] };
type Listing = { total: number; facets: { properties: Facet[] } };

async function listing(request: APIRequestContext, body: object): Promise<Listing> {
  const response = await request.post('/api/product/filters', { data: body });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Listing;
}

/** A value that narrows the list without emptying it, from a property other than `except`. */
function narrowingValue(result: Listing, except?: number): { facet: Facet; value: FacetValue } {
  for (const facet of result.facets.properties) {
    if (facet.id === except) continue;
    const value = facet.values.find((candidate) => candidate.count > 0 && candidate.count < result.total);
    if (value) return { facet, value };
  }
  throw new Error('A demókatalógusban nincs két, a listát szűkítő tulajdonság.');
}

test('active filters show as chips above the grid; a chip removes its own filter and "Összes szűrő törlése" the rest', async ({
  page,
  request,
  categoryTree,
}) => {
  const parent = categoryTree.find((category) => category.children.length > 0)!;
  const sub = parent.children.find((child) => child.children.length > 0) ?? parent.children[0]!;
  const all = await listing(request, { category: sub.urlPath });
  const first = narrowingValue(all);
  const afterFirst = await listing(request, {
    category: sub.urlPath,
    properties: { [first.facet.id]: [first.value.id] },
  });
  const second = narrowingValue(afterFirst, first.facet.id);
  const secondWithStock = await listing(request, {
    category: sub.urlPath,
    properties: { [second.facet.id]: [second.value.id] },
    inStock: true,
  });

  await page.goto(`/${sub.urlPath}`);
  await expect(page.getByRole('heading', { level: 1, name: sub.title })).toBeVisible();
  // The subcategory's path is the breadcrumb's; it is not said again under the heading.
  await expect(page.getByRole('navigation', { name: 'Morzsamenü' })).toContainText(parent.title);
  await expect(page.getByText(`${parent.title} » ${sub.title}`)).toHaveCount(0);

  const status = page.getByRole('status').filter({ hasText: 'termék' });
  await expect(status).toContainText(`/ ${all.total} termék`);
  const chips = page.getByRole('list', { name: 'Aktív szűrők' });
  await expect(chips).toHaveCount(0);

  const panel = page.getByRole('complementary', { name: 'Szűrők' });
  // The visible box is the label's; the real checkbox under it is visually hidden.
  await panel
    .getByRole('group', { name: first.facet.title })
    .getByText(first.value.title, { exact: true })
    .click();
  await expect(chips.getByRole('button')).toHaveCount(1);
  await panel
    .getByRole('group', { name: second.facet.title })
    .getByText(second.value.title, { exact: true })
    .click();
  await panel.getByText('Csak a raktáron lévők').click();

  const firstChip = chips.getByRole('button', {
    name: `Szűrő törlése: ${first.facet.title}: ${first.value.title}`,
  });
  const secondChip = chips.getByRole('button', {
    name: `Szűrő törlése: ${second.facet.title}: ${second.value.title}`,
  });
  const stockChip = chips.getByRole('button', { name: 'Szűrő törlése: Csak raktáron' });
  const clearAll = chips.getByRole('button', { name: 'Összes szűrő törlése' });
  await expect(firstChip).toBeVisible();
  await expect(firstChip).toHaveText(`${first.facet.title}: ${first.value.title}`);
  await expect(secondChip).toBeVisible();
  await expect(stockChip).toBeVisible();
  await expect(clearAll).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${first.facet.id}%3A${first.value.id}`));
  await expect(page).toHaveURL(/stock=true/);

  // One chip takes away only its own filter: the URL, the panel and the results follow.
  await firstChip.click();
  await expect(firstChip).toHaveCount(0);
  await expect(page).not.toHaveURL(new RegExp(`${first.facet.id}%3A${first.value.id}`));
  await expect(page).toHaveURL(new RegExp(`${second.facet.id}%3A${second.value.id}`));
  await expect(page).toHaveURL(/stock=true/);
  await expect(
    panel
      .getByRole('group', { name: first.facet.title })
      .getByRole('checkbox', { name: first.value.title, exact: true }),
  ).not.toBeChecked();
  await expect(status).toContainText(`/ ${secondWithStock.total} termék`);
  // The keyboard stays in the chips: focus moved to the chip that took the removed one's place.
  await expect(secondChip).toBeFocused();
  await expect(stockChip).toBeVisible();

  await clearAll.click();
  await expect(chips).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&](f|stock)=/);
  await expect(status).toContainText(`/ ${all.total} termék`);
  await expect(panel.getByRole('checkbox', { name: 'Csak a raktáron lévők' })).not.toBeChecked();
});

test('the same chips on the /category/ form of the URL and in search results, a price range included', async ({
  page,
  categoryTree,
}) => {
  const category = categoryTree[0]!;
  await page.goto(`/category/${category.urlPath}?min=2000&max=5000`);
  const chips = page.getByRole('list', { name: 'Aktív szűrők' });
  await expect(
    chips.getByRole('button', { name: 'Szűrő törlése: Ár: 2\u00a0000–5\u00a0000\u00a0Ft' }),
  ).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Összes szűrő törlése' })).toHaveCount(0);

  await page.goto('/search/bogre?stock=true');
  await chips.getByRole('button', { name: 'Szűrő törlése: Csak raktáron' }).click();
  await expect(page).toHaveURL('/search/bogre');
  await expect(chips).toHaveCount(0);
});
