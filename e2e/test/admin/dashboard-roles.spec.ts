import { expect, test } from '../fixtures';
import { slowCpu } from '../slow-cpu';
import { signedInStaffMember } from '../staff-member';

// A phone: touch, and the CPU slowed four times below, as a mid-range Android is.
test.use({ hasTouch: true });

test('a content editor, who reads no orders, opens the admin on a phone to their own drafts and no sales figures', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // The ready-made Tartalomszerkesztő role's permissions (migration staff_roles).
  const token = await signedInStaffMember(request, adminToken, {
    roleName: uniqueName('Blogszerkesztő'),
    permissions: ['content:write', 'media:write', 'catalogue:read'],
  });
  const draft = await request.post('/api/blogpost', {
    headers: { token: adminToken },
    data: {
      published: false,
      descriptions: [{ language: 'hu', title: uniqueName('Piszkozat'), body: '<p>Készül.</p>' }],
    },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  await page.goto('/foo');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);

  await slowCpu(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const queue = page.getByRole('region', { name: 'Teendőid' });
  const drafts = queue.getByRole('link', { name: /Blogbejegyzés-piszkozat/ });
  // Tapped the moment it shows: the drafts open in the blog list, filtered.
  await drafts.tap();
  await expect(page).toHaveURL(/\/admin\/other\/blogpost\?status=draft/);
  await page.goBack();
  await expect(queue.getByRole('region', { name: 'Tartalom' })).toBeVisible();
  // The queue holds the content group only, and the sales overview (orders:read) is not on the page.
  await expect(queue.getByRole('region', { name: 'Csomagolás és feladás' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Napi forgalom, elmúlt 30 nap' })).toHaveCount(0);
  await expect(page.getByText('Ehhez a részhez nincs jogosultságod')).toHaveCount(0);
});
