import { expect, test } from '../fixtures';

test('the home page shows the category menu from the API', async ({ page, categoryTree }) => {
  expect(categoryTree.length).toBeGreaterThan(0);
  await page.goto('/');

  const menu = page.getByRole('navigation', { name: 'Kategóriák', exact: true });
  for (const category of categoryTree) {
    await expect(menu.getByRole('link', { name: category.title, exact: true })).toBeVisible();
  }
  await expect(page).toHaveTitle('Kék Bögre Webáruház');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu');
});

test('a category from the menu opens its page with the » path and subcategories', async ({
  page,
  categoryTree,
}) => {
  const root = categoryTree.find((category) => category.children.length > 0);
  if (!root) throw new Error('A demóadatokban nincs alkategóriás főkategória.');
  const child = root.children[0]!;

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Kategóriák', exact: true })
    .getByRole('link', { name: root.title, exact: true })
    .click();

  await expect(page).toHaveURL(`/${root.urlPath}`);
  await expect(page.getByRole('heading', { level: 1, name: root.title })).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(child.title) })
    .click();

  await expect(page.getByRole('heading', { level: 1, name: child.title })).toBeVisible();
  // The » path is the breadcrumb's; the heading does not repeat it under itself (#14).
  const breadcrumb = page.getByRole('navigation', { name: 'Morzsamenü' });
  await expect(breadcrumb).toHaveText(`Főoldal»${root.title}»${child.title}`);
  await expect(page.getByText(`${root.title} » ${child.title}`, { exact: true })).toHaveCount(0);
  await expect(breadcrumb.getByRole('link', { name: root.title })).toHaveAttribute(
    'href',
    `/${root.urlPath}`,
  );
});
