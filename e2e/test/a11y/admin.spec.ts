import { expect, test } from '../fixtures';
import { describeFindings, type Finding, settledFindings, useWidth, WIDTHS } from './axe';

/**
 * Every admin section the sidebar offers the owner, its main screen at a phone's and a laptop's width,
 * against axe's WCAG 2.1 A and AA rules. The sections are read from the sidebar itself, so a new one is
 * checked without touching this file.
 *
 * A serious finding that must wait for a fix is listed in KNOWN, section by section (none today). The
 * list may only shrink: a finding not on it fails the test (a new one), and so does an entry that no
 * longer happens (fixed: delete it, so it cannot come back unnoticed). The test prints what it still found.
 */
const KNOWN: Record<string, string[]> = {};

const [PHONE, DESKTOP] = WIDTHS;

// A trace would record axe's whole source at every check; a failure's message names what to fix.
test.use({ trace: 'off' });

test('every admin section’s main screen', async ({ adminPage: page }) => {
  // One signed-in page walks every section through the sidebar, as the admin does: no reloads.
  test.setTimeout(300_000);
  await page.goto('/admin');
  await page.goto('/admin/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Admin menü' });
  await expect(sidebar.getByRole('link').first()).toBeVisible();
  const sections = await sidebar
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(sections.length).toBeGreaterThan(30);

  const found = new Map<string, Finding[]>();
  const record = (key: string, findings: Finding[]) =>
    found.set(key, [...(found.get(key) ?? []), ...findings]);

  for (const path of sections) {
    await useWidth(page, DESKTOP);
    await sidebar.locator(`a[href="${path}"]`).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Betöltés…')).toHaveCount(0);
    for (const width of [DESKTOP, PHONE]) {
      await useWidth(page, width);
      record(path, await settledFindings(page, `${path} @ ${width.width} px`, KNOWN[path]));
    }
  }

  await page.getByRole('button', { name: 'Admin menü megnyitása' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  record(
    '(oldalsáv a telefonon)',
    await settledFindings(page, `oldalsáv @ ${PHONE.width} px`, KNOWN['(oldalsáv a telefonon)']),
  );
  await page.keyboard.press('Escape');

  const stillFound: Record<string, string[]> = {};
  for (const [key, findings] of found) {
    const known = KNOWN[key] ?? [];
    const fresh = findings.filter((finding) => !known.includes(finding.rule));
    expect.soft(describeFindings(fresh), `WCAG 2.1 AA, új hiba: ${key}`).toBe('');
    const rules = [...new Set(findings.map((finding) => finding.rule))].sort();
    if (rules.length > 0) stillFound[key] = rules;
  }
  for (const [key, rules] of Object.entries(KNOWN)) {
    const fixed = rules.filter((rule) => !stillFound[key]?.includes(rule));
    expect.soft(fixed, `${key}: kijavítva, töröld a KNOWN listából`).toEqual([]);
  }
  console.log(`Ismert, még javítandó admin-hibák:\n${JSON.stringify(stillFound, null, 2)}`);
});
