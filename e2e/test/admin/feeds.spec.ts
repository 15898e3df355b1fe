import { expect, test } from '../fixtures';

type FeedReport = { feeds: { key: string; title: string; url: string; items: number; products: number }[] };

// The Termékfeedek screen on a phone and on a desk: each feed's address and size as the report counts
// them, and a product without a picture listed as left out, linked to its admin page.
for (const width of [390, 1440]) {
  test(`the feeds screen at ${width} px shows each feed's size and a product left out for want of a picture`, async ({
    adminPage: page,
    request,
    adminToken,
    uniqueName,
  }) => {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    const title = uniqueName('Feedből kimaradó kép nélküli bögre');
    const created = await request.post('/api/product/update', {
      headers: { token: adminToken },
      data: {
        price: 2490,
        stock: 3,
        descriptions: [{ language: 'hu', title, body: '<p>Kézzel festett bögre.</p>' }],
      },
    });
    expect(created.ok()).toBe(true);
    const product = (await created.json()) as { id: number };
    const report = (await (
      await request.get('/api/feed/report', { headers: { token: adminToken } })
    ).json()) as FeedReport;

    await page.goto('/admin/feeds');
    await expect(page.getByRole('heading', { level: 1, name: 'Termékfeedek' })).toBeVisible();
    for (const feed of report.feeds) {
      const card = page.getByRole('region', { name: feed.title });
      await expect(card.getByText(`${feed.products.toLocaleString('hu-HU')} termék`)).toBeVisible();
      await expect(card.getByRole('textbox')).toHaveValue(new RegExp(`/feeds/${feed.key}\\.xml$`));
      await expect(card.getByRole('button', { name: `Másolás: ${feed.title} feed címe` })).toBeVisible();
    }

    const leftOut = page.getByRole('region', { name: 'Kimarad a feedekből' });
    const row = leftOut.getByRole('listitem').filter({ hasText: title });
    await expect(row.getByText('nincs képe')).toBeVisible();
    await page.screenshot({ path: `/tmp/feeds-${width}.png`, fullPage: true });

    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(`/admin/catalog/products/${product.id}`);
    await expect(page.getByRole('textbox', { name: 'EAN / GTIN' })).toBeVisible();
    await expect(page.getByLabel('Kihagyás a termékfeedekből')).not.toBeChecked();
  });
}
