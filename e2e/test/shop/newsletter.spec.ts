import { type SmtpSink, startSmtpSink } from '@shop/api/testing';
import { expect, test } from '../fixtures';

let sink: SmtpSink;

const demoSettings = {
  smtpHost: null,
  smtpPort: null,
  smtpSecure: false,
  senderName: 'Kék Bögre Webáruház',
  senderEmail: 'webaruhaz@kekbogre.hu',
};

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeAll(async () => {
  sink = await startSmtpSink();
});

test.afterAll(async ({ request, adminToken }) => {
  // Back to the demo: later tests must not depend on a sink that is gone.
  await request.put('/api/emailsetting', { headers: { token: adminToken }, data: demoSettings });
  await sink.close();
});

test('a phone visitor signs up in the footer, confirms from the e-mail, and the newsletter’s link unsubscribes them', async ({
  page,
  request,
  adminToken,
}) => {
  const saved = await request.put('/api/emailsetting', {
    headers: { token: adminToken },
    data: { ...demoSettings, smtpHost: sink.host, smtpPort: sink.port },
  });
  expect(saved.status()).toBe(200);
  const email = `hirlevel-${Date.now().toString(36)}@example.hu`;

  await page.goto('/');
  await page.locator('footer').scrollIntoViewIfNeeded();
  const signup = page.getByRole('form', { name: 'Feliratkozás a hírlevélre' });
  await expect(signup).toBeVisible();
  await signup.getByRole('textbox', { name: 'E-mail a hírlevélhez' }).fill(email);
  await signup.getByRole('button', { name: 'Feliratkozom' }).click();
  await expect(
    signup.getByText('A feliratkozáshoz el kell fogadnod a hozzájárulási nyilatkozatot.'),
  ).toBeVisible();
  // Chakra draws the box over the native input, so the keyboard (as a user would) ticks it.
  const consent = signup.getByRole('checkbox', { name: /Feliratkozom a hírlevélre: hozzájárulok/ });
  await consent.press('Space');
  await expect(consent).toBeChecked();
  await signup.getByRole('button', { name: 'Feliratkozom' }).click();
  await expect(page.getByText('Már csak egy lépés!')).toBeVisible();

  // Nothing counts yet: the list shows the address as waiting for its confirmation.
  const waiting = await request.get('/api/newsletter', {
    headers: { token: adminToken },
    params: { search: email },
  });
  expect(((await waiting.json()) as { items: { status: string }[] }).items).toEqual([
    expect.objectContaining({ status: 'pending' }),
  ]);

  const confirmation = await sink.waitForMessage(
    (message) => message.to.includes(email) && /megerősítsd|Erősítsd meg/i.test(message.subject),
    20_000,
  );
  const confirmLink = /https?:\/\/[^\s"'<>]+\/hirlevel\/megerosites\?token=[A-Za-z0-9_-]+/.exec(
    confirmation.html,
  )?.[0];
  expect(confirmLink).toBeTruthy();
  const confirmUrl = new URL(confirmLink ?? '');
  await page.goto(`${confirmUrl.pathname}${confirmUrl.search}`);
  const confirmButton = page.getByRole('button', { name: 'Feliratkozás megerősítése' });
  await expect(confirmButton).toBeVisible();
  // Opening the link (as a scanner that runs the page's JavaScript does) gives no consent; the button does.
  const opened = await request.get('/api/newsletter', {
    headers: { token: adminToken },
    params: { search: email },
  });
  expect(((await opened.json()) as { items: { status: string }[] }).items).toEqual([
    expect.objectContaining({ status: 'pending' }),
  ]);
  await confirmButton.click();
  await expect(page.getByText('Köszönjük, megerősítetted a feliratkozásodat!')).toBeVisible();

  const sent = await request.post('/api/newsletter/send', {
    headers: { token: adminToken },
    data: { subject: `Téli akció ${email}`, bodyHtml: '<p>Minden bögre 20% kedvezménnyel.</p>' },
  });
  expect(sent.status()).toBe(200);
  const newsletter = await sink.waitForMessage(
    (message) => message.to.includes(email) && message.subject === `Téli akció ${email}`,
    20_000,
  );
  expect(newsletter.headerLines['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(newsletter.headerLines['list-unsubscribe']).toMatch(
    /^<https?:\/\/[^>]+\/api\/newsletter\/one-click\/[A-Za-z0-9_-]+>$/,
  );
  const unsubscribeLink = /https?:\/\/[^\s"'<>]+\/hirlevel\/leiratkozas\?token=[A-Za-z0-9_-]+/.exec(
    newsletter.html,
  )?.[0];
  expect(unsubscribeLink).toBeTruthy();

  const unsubscribeUrl = new URL(unsubscribeLink ?? '');
  await page.goto(`${unsubscribeUrl.pathname}${unsubscribeUrl.search}`);
  await page.getByRole('button', { name: 'Leiratkozom' }).click();
  await expect(page.getByText('Leiratkoztál a hírlevélről.')).toBeVisible();

  const register = await request.get('/api/newsletter/register', {
    headers: { token: adminToken },
    params: { email },
  });
  const { events } = (await register.json()) as { events: { event: string; source: string }[] };
  expect(events.map((entry) => [entry.event, entry.source])).toEqual([
    ['requested', 'footer'],
    ['confirmed', 'footer'],
    ['withdrawn', 'email'],
  ]);
});
