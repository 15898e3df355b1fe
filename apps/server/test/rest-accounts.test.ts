import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.database.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES] });
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
});
afterAll(() => server?.close());

describe('customer CSV over REST', () => {
  it('is sent as a file Hungarian Excel opens: text/csv, a file name, UTF-8 BOM and ; separators', async () => {
    const customer = await createUser(server.database, 'customer');
    const response = await fetch(`${server.url}/api/user/download`, { headers: { token: adminToken } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header] = text.split('\r\n');
    expect(header).toContain(';');
    expect(text).toContain(customer.email);
  });

  it('is refused to strangers like every admin operation', async () => {
    const response = await fetch(`${server.url}/api/user/download`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toMatch(/munkamenet/i);
  });

  it('is described as a CSV file in the OpenAPI document', async () => {
    const document = await api<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>(server, 'GET', '/api/openapi.json');
    expect(document.body.paths['/user/download']?.get?.responses['200']).toMatchObject({
      content: { 'text/csv': { schema: { type: 'string' } } },
    });
  });
});

describe('e-mail change over REST', () => {
  it('signs the other devices out, keeps this one and tells the old address', async () => {
    const customer = await createUser(server.database, 'customer');
    const laptop = await signIn(server, customer);
    const phone = await signIn(server, customer);
    const newEmail = `uj-${customer.email}`;
    const changed = await api<{ email: string }>(server, 'POST', '/api/user/changeemail', {
      token: laptop,
      body: { password: customer.password, email: newEmail },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe(newEmail);
    expect((await api(server, 'GET', '/api/user/details', { token: phone })).status).toBe(401);
    expect((await api(server, 'GET', '/api/user/details', { token: laptop })).status).toBe(200);
    const notice = await server.database.prisma.emailOutbox.findFirst({
      where: { to: customer.email, templateKey: 'email_changed' },
    });
    expect(notice?.text).toContain(newEmail);
  });
});
