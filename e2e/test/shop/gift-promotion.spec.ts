import { expect, test } from '../fixtures';
import { ft } from '../money';
import { createProduct } from '../seed-products';
import { PHONE, slowCpu } from '../slow-cpu';

type OrderLine = {
  product: number | null;
  quantity: number;
  lineTotal: number;
  discount: number;
  gift: boolean;
};

const ORDER_BUTTON = 'Megrendelés fizetési kötelezettséggel';

test.use(PHONE);

/**
 * Issue #25's gift rule: above 10 000 Ft a mug comes free. A shopper on a phone sees it join the cart
 * as its own line at 0 Ft, with nothing to change or remove on it, sees it go when the cart drops
 * under the limit and come back above it, and finds it on the order page after ordering. The browser's
 * guest cart never holds it: the shop adds it to every answer while the cart qualifies.
 */
test('a gift rule adds a free mug above 10 000 Ft on a phone, takes it back below, and the order keeps it', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const kettle = await createProduct(request, adminToken, { title: uniqueName('Teáskanna'), price: 5490 });
  const mug = await createProduct(request, adminToken, { title: uniqueName('Ajándék bögre'), price: 2490 });
  const name = uniqueName('Ajándék bögre 10 000 Ft felett');
  // Aimed at this test's own kettle, so the rule gives nothing to the carts of other journeys.
  const created = await request.post('/api/promotion', {
    headers: { token: adminToken },
    data: {
      name,
      automatic: true,
      kind: 'gift',
      giftProductId: mug.id,
      minCartValue: 10_000,
      productIds: [kettle.id],
    },
  });
  expect(created.ok()).toBe(true);
  const promotion = (await created.json()) as { id: number };

  // A phone whose CPU runs four times slower, tapped as soon as each control shows; lifted for the
  // checkout form, which other journeys cover.
  const cpu = await slowCpu(page);
  try {
    // Two kettles: 10 980 Ft, just above the limit.
    await page.goto(`/${kettle.slug}`);
    await page.getByRole('textbox', { name: /^Mennyiség/ }).fill('2');
    await page.getByRole('button', { name: `Kosárba: ${kettle.title}` }).tap();
    await page.getByRole('link', { name: 'Kosár, 2 termék' }).tap();

    const lines = page.getByRole('list', { name: 'A kosár tételei' });
    const kettleLine = lines.getByRole('listitem', { name: kettle.title, exact: true });
    const giftLine = lines.getByRole('listitem', { name: `Ajándék: ${mug.title}` });
    await expect(giftLine.getByText('Ajándék', { exact: true })).toBeVisible();
    await expect(giftLine.getByText(ft(0), { exact: true })).toBeVisible();
    await expect(giftLine.getByText('Eredeti ár: 2490 forint')).toBeVisible();
    await expect(giftLine.getByRole('link', { name: mug.title })).toHaveAttribute('href', `/${mug.slug}`);
    // The shop gives it and takes it: the shopper can neither change nor remove it.
    await expect(giftLine.getByRole('textbox')).toHaveCount(0);
    await expect(giftLine.getByRole('button')).toHaveCount(0);
    const summary = page.getByRole('complementary', { name: 'Összesítés' });
    await expect(summary.getByText(name)).toBeVisible();
    // The browser keeps only what the shopper chose; the header counts only that too.
    const storedCart = () => page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]'));
    expect(await storedCart()).toEqual([{ product: kettle.id, quantity: 2 }]);
    await expect(page.getByRole('link', { name: 'Kosár, 2 termék' })).toBeVisible();

    // One kettle, 5 490 Ft: under the limit the gift goes, and the cart says what brings it back.
    await kettleLine.getByRole('button', { name: 'Eggyel kevesebb' }).tap();
    await expect(giftLine).toHaveCount(0);
    await expect(summary.getByText(`Még ${ft(4510)}, és ajándék ${mug.title} jár`)).toBeVisible();
    await expect(kettleLine.getByRole('textbox', { name: `Mennyiség: ${kettle.title}` })).toHaveValue('1');

    await kettleLine.getByRole('button', { name: 'Eggyel több' }).tap();
    await expect(giftLine.getByText(ft(0), { exact: true })).toBeVisible();
    await expect(kettleLine.getByRole('textbox', { name: `Mennyiség: ${kettle.title}` })).toHaveValue('2');
    expect(await storedCart()).toEqual([{ product: kettle.id, quantity: 2 }]);

    // A mug of the shopper's own sits beside the gift as a line of its own; removing it leaves the gift.
    await page.getByRole('textbox', { name: 'Termékkódok' }).fill(mug.kutiId);
    await page.getByRole('button', { name: 'Kosárba teszem' }).tap();
    const boughtMug = lines.getByRole('listitem', { name: mug.title, exact: true });
    await expect(boughtMug.getByRole('textbox', { name: `Mennyiség: ${mug.title}` })).toHaveValue('1');
    await expect(giftLine.getByText(ft(0), { exact: true })).toBeVisible();
    await boughtMug.getByRole('button', { name: `${mug.title} törlése a kosárból` }).tap();
    await expect(boughtMug).toHaveCount(0);
    await expect(giftLine.getByText(ft(0), { exact: true })).toBeVisible();
    expect(await storedCart()).toEqual([{ product: kettle.id, quantity: 2 }]);

    await cpu.lift();
    await summary.getByRole('link', { name: 'Tovább a pénztárhoz' }).tap();
    await page.getByRole('link', { name: 'Folytatás vendégként' }).tap();
    await expect(page).toHaveURL('/order/checkout');
    const checkout = page.getByRole('region', { name: 'Rendelésed összesítése' });
    const checkoutGift = checkout.getByRole('listitem').filter({ hasText: mug.title });
    await expect(checkoutGift.getByText('Ajándék', { exact: true })).toBeVisible();
    await expect(checkoutGift.getByText(ft(0), { exact: true })).toBeVisible();
    await expect(checkoutGift.getByText('Eredeti ár: 2490 forint')).toBeVisible();

    await page.getByLabel('E-mail-cím').fill(`ajandekos.${Date.now().toString(36)}@example.hu`);
    await page.getByLabel('Vezetéknév').fill('Ajándék');
    await page.getByLabel('Keresztnév').fill('Anna');
    await page.getByLabel('Telefonszám').fill('06 30 123 4567');
    // The radios and the terms box are drawn over their native inputs: the keyboard chooses them.
    const pickup = page.getByRole('radio', { name: /Személyes átvétel/ });
    await pickup.press('Space');
    await expect(pickup).toBeChecked();
    // Picked up in person: only the invoice needs an address.
    const billing = page.getByRole('group', { name: 'Számlázási cím' });
    await billing.getByLabel('Számlázási név').fill('Ajándék Anna');
    await billing.getByLabel('Irányítószám').fill('1117');
    await billing.getByLabel('Település').fill('Budapest');
    await billing.getByLabel('Utca, házszám').fill('Október huszonharmadika utca 8.');
    const transfer = page.getByRole('radio', { name: /Banki átutalás/ });
    await transfer.press('Space');
    await expect(transfer).toBeChecked();
    // The gift is counted at its price and taken off whole: the kettles alone are paid for.
    await expect(checkout.getByText(`Kedvezmény: ${name}`)).toBeVisible();
    const total = checkout
      .locator('div')
      .filter({ has: page.getByRole('term').filter({ hasText: 'Fizetendő végösszeg' }) })
      .getByRole('definition');
    // The seen half of the price: a screen reader hears "10980 forint" from its hidden twin.
    await expect(total.locator('[aria-hidden="true"]')).toHaveText(ft(10_980));
    await page.getByRole('checkbox', { name: /Elolvastam és elfogadom/ }).press('Space');
    await page.getByRole('button', { name: ORDER_BUTTON }).tap();

    await expect(page).toHaveURL(/\/order\/success\?order=\d+/, { timeout: 20_000 });
    const orderId = Number(new URL(page.url()).searchParams.get('order'));
    await page.getByRole('link', { name: 'Rendelés megtekintése' }).tap();
    const ordered = page.getByRole('list', { name: 'Tételek' });
    const orderedGift = ordered.getByRole('listitem', { name: `Ajándék: ${mug.title}` });
    await expect(orderedGift.getByText('Ajándék', { exact: true })).toBeVisible();
    await expect(orderedGift.getByText(ft(0), { exact: true })).toBeVisible();
    await expect(orderedGift.getByText('Eredeti ár: 2490 forint')).toBeVisible();
    await expect(ordered.getByRole('listitem').filter({ hasText: kettle.title })).toContainText(ft(10_980));

    const answer = await request.get(`/api/order/${orderId}`, { headers: { token: adminToken } });
    const order = (await answer.json()) as { total: number; lines: OrderLine[] };
    expect(order.total).toBe(10_980);
    expect(order.lines).toEqual([
      expect.objectContaining({
        product: kettle.id,
        quantity: 2,
        lineTotal: 10_980,
        discount: 0,
        gift: false,
      }),
      expect.objectContaining({ product: mug.id, quantity: 1, lineTotal: 0, discount: 2490, gift: true }),
    ]);
  } finally {
    await request.delete(`/api/promotion/${promotion.id}`, { headers: { token: adminToken } });
  }
});
