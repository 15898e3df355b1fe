import { type APIRequestContext, expect } from '@playwright/test';
import { startSmtpSink } from '@shop/api/testing';

/** The e-mail settings of the e2e server's demo: no SMTP server, messages wait in the outbox. */
const DEMO_EMAIL_SETTINGS = {
  smtpHost: null,
  smtpPort: null,
  smtpSecure: false,
  senderName: 'Kék Bögre Webáruház',
  senderEmail: 'webaruhaz@kekbogre.hu',
};

/**
 * The session token of a new staff member whose role holds `permissions`. The owner makes the role
 * and invites them over REST; the invitation's link, caught by an SMTP sink on this machine (the link
 * is made only when the e-mail is sent), sets their password, which signs them in. The shop's e-mail
 * settings are the demo's again afterwards, so later journeys never wait on a sink that is gone.
 */
export async function signedInStaffMember(
  request: APIRequestContext,
  adminToken: string,
  { roleName, permissions }: { roleName: string; permissions: string[] },
): Promise<string> {
  const owner = { headers: { token: adminToken } };
  const sink = await startSmtpSink();
  try {
    const smtp = await request.put('/api/emailsetting', {
      ...owner,
      data: { ...DEMO_EMAIL_SETTINGS, smtpHost: sink.host, smtpPort: sink.port },
    });
    expect(smtp.status()).toBe(200);
    const role = await request.post('/api/staff/role', { ...owner, data: { name: roleName, permissions } });
    expect(role.ok()).toBe(true);
    const email = `munkatars.${Date.now().toString(36)}@kekbogre.hu`;
    const invited = await request.post('/api/staff', {
      ...owner,
      data: {
        email,
        firstName: 'Teszt',
        lastName: 'Munkatárs',
        role: ((await role.json()) as { id: number }).id,
      },
    });
    expect(invited.ok()).toBe(true);
    const invitation = await sink.waitForMessage((message) => message.to.includes(email), 20_000);
    const linkToken = /\/newpassword\/([A-Za-z0-9_-]+)/.exec(invitation.html)?.[1];
    expect(linkToken, 'the invitation carries a set-a-password link').toBeTruthy();
    const signedIn = await request.post('/api/user/resetpassword', {
      data: { token: linkToken, password: `Munkatars-Jelszo-${Date.now().toString(36)}-7` },
    });
    expect(signedIn.ok()).toBe(true);
    return ((await signedIn.json()) as { token: string }).token;
  } finally {
    await request.put('/api/emailsetting', { ...owner, data: DEMO_EMAIL_SETTINGS });
    await sink.close();
  }
}
