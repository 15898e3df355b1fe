import { expect, test } from '../fixtures';

/**
 * The key the demo's Számla Agent stand-in accepts (SZAMLAZZ_STAND_IN_AGENT_KEY in
 * packages/api/src/services/invoicing/invoice-settings.ts): a well-formed Agent key whose last 4 are "2026".
 */
const STAND_IN_AGENT_KEY = 'kekbogrehelyettesitoszamlaagentkulcs2026';

type InvoiceSettings = {
  enabled: boolean;
  prefix: string;
  eInvoice: boolean;
  sendToBuyer: boolean;
  offlineIssueOn: 'completed' | 'paid';
};

let saved: InvoiceSettings | undefined;

test.beforeEach(async ({ request, adminToken }) => {
  const response = await request.get('/api/invoice/settings', { headers: { token: adminToken } });
  expect(response.ok()).toBe(true);
  const { enabled, prefix, eInvoice, sendToBuyer, offlineIssueOn } =
    (await response.json()) as InvoiceSettings;
  saved = { enabled, prefix, eInvoice, sendToBuyer, offlineIssueOn };
});

// A saved key takes the shop off the stand-in (its path is then not found), so the journeys after this
// one would send their invoices nowhere: the key is removed and the fields are put back as they were.
test.afterEach(async ({ request, adminToken }) => {
  if (!saved) return;
  const response = await request.put('/api/invoice/settings', {
    headers: { token: adminToken },
    data: { provider: 'szamlazz', ...saved, agentKey: null },
  });
  expect(response.ok()).toBe(true);
});

test('an admin tries the Számla Agent connection, saves a key with a new prefix, and sees only its last 4 afterwards', async ({
  adminPage: page,
  adminToken,
  request,
}) => {
  await page.goto('/admin/checkout/invoicing');
  await expect(page.getByRole('heading', { level: 1, name: 'Számlázás' })).toBeVisible();
  await expect(page.getByText('Demó (Számla Agent helyettesítő)')).toBeVisible();

  const form = page.getByRole('form', { name: 'Számlázási beállítások' });
  const key = form.getByLabel('Számla Agent kulcs');
  const tryConnection = form.getByRole('button', { name: 'Kapcsolat próbája' });

  // Too short a key never reaches the Agent: the server refuses it, and says why under the field.
  await key.fill('rovidkulcs123');
  await expect(form.getByText('A beírt kulcsot próbálja ki mentés nélkül.')).toBeVisible();
  await tryConnection.click();
  const tooShort = /A Számla Agent kulcs 20–64 betű és számjegy/;
  await expect(form.getByText(tooShort)).toBeVisible();
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(key).toHaveAccessibleDescription(tooShort);
  await expect(form.getByRole('status').filter({ hasText: 'Sikeres kapcsolat' })).toHaveCount(0);

  // With the field empty the test asks the account in use, the demo's stand-in, which takes its key.
  // (A typed key is always sent to Számlázz.hu itself, which the demo's machine need not reach.)
  await key.fill('');
  await expect(form.getByText('A most használt fiókkal kérdez a Számla Agenttől')).toBeVisible();
  await tryConnection.click();
  await expect(form.getByRole('status').filter({ hasText: 'Sikeres kapcsolat' })).toContainText(
    'A kapcsolat működik (a beépített Számla Agent helyettesítő).',
  );

  // The stand-in's key is a well-formed Agent key: saved with a new prefix and without e-mailing the buyer.
  await key.fill(STAND_IN_AGENT_KEY);
  const prefix = form.getByRole('textbox', { name: 'Számlaszám előtagja' });
  await prefix.fill('TESZT');
  await expect(form.getByText(/A számlák száma például TESZT-\d{4}-1 lesz\./)).toBeVisible();
  const sendToBuyer = form.getByLabel('A Számlázz.hu e-mailben küldje el a számlát a vevőnek');
  await expect(sendToBuyer).toBeChecked();
  await form.getByText('A Számlázz.hu e-mailben küldje el a számlát a vevőnek').click();
  await expect(sendToBuyer).not.toBeChecked();
  await form.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('A számlázási beállításokat elmentettük.')).toBeVisible();

  // After a reload the key is never shown again, only that it is saved and its last 4 characters.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Számlázás' })).toBeVisible();
  await expect(form.getByText('mentve, vége: 2026')).toBeVisible();
  await expect(key).toHaveValue('');
  await expect(key).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Számlázz.hu fiók', { exact: true })).toBeVisible();
  await expect(form.getByText('Üresen hagyva a mentett kulcs marad.', { exact: false })).toBeVisible();
  await expect(
    form.getByRole('checkbox', { name: 'Mentett kulcs törlése (a beépített helyettesítő számláz tovább)' }),
  ).not.toBeChecked();
  await expect(prefix).toHaveValue('TESZT');
  await expect(sendToBuyer).not.toBeChecked();
  await expect(page.getByText('Utoljára módosítva:')).toBeVisible();

  // The REST API reads back what was saved, and the key only by its last 4 characters.
  const response = await request.get('/api/invoice/settings', { headers: { token: adminToken } });
  expect(response.ok()).toBe(true);
  const settings = (await response.json()) as Record<string, unknown>;
  expect(settings).toMatchObject({
    provider: 'szamlazz',
    agentKeySet: true,
    agentKeyLast4: '2026',
    agentKeyReadable: true,
    source: 'admin',
    prefix: 'TESZT',
    sendToBuyer: false,
    enabled: saved?.enabled,
    eInvoice: saved?.eInvoice,
    offlineIssueOn: saved?.offlineIssueOn,
  });
  expect(JSON.stringify(settings)).not.toContain(STAND_IN_AGENT_KEY);
});
