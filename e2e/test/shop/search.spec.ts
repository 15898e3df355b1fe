import { expect, test } from '../fixtures';

test('a search that finds nothing offers the spelling that does, matching categories and best sellers', async ({
  page,
}) => {
  await page.goto(`/search/${encodeURIComponent('kék vögte')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Keresés: „kék vögte”' })).toBeVisible();
  await expect(page.getByText('Nincs a „kék vögte” keresésnek megfelelő termék.')).toBeVisible();
  await expect(page.getByText(/Erre gondoltál:/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Porcelán bögrék' })).toBeVisible();
  const popular = page.getByRole('region', { name: 'Népszerű termékek' });
  await expect(popular.getByRole('listitem').first()).toBeVisible();

  await page.getByRole('link', { name: 'kék bögre', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Keresés: „kék bögre”' })).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: 'termék' });
  await expect(status).toHaveText(/\/ \d+ termék/);
  // The blue mugs by their colour, not only the two whose title says "kék".
  const found = Number(/\/ (\d+) termék/.exec((await status.textContent()) ?? '')?.[1]);
  expect(found).toBeGreaterThanOrEqual(10);
  await expect(page.getByText(/Erre gondoltál:/)).toHaveCount(0);
});
