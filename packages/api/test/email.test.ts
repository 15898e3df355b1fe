import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_EMAIL_KEYS } from '../src/schemas/email';
import { enqueueTemplatedEmail, getShopNotificationAddress } from '../src/services/email';
import { createBuiltInEmailTemplates, saveSmtpSettings } from './email-fixtures';
import { type Caller, createAdmin } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let admin: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = (await createAdmin(db.prisma)).caller;
  await createBuiltInEmailTemplates(db.prisma);
});
afterAll(() => db?.close());

describe('e-mail templates', () => {
  it('lists the built-in templates without their body, marked as built in with their placeholders', async () => {
    const list = (await admin.email.list()).items;
    expect(list.map((template) => template.key)).toEqual(expect.arrayContaining([...BUILT_IN_EMAIL_KEYS]));
    const reset = list.find((template) => template.key === 'password_reset');
    expect(reset).toMatchObject({ builtIn: true, placeholders: ['firstName', 'resetLink'] });
    expect(reset).not.toHaveProperty('bodyHtml');
  });

  it('creates, reads, updates and deletes an own template', async () => {
    const created = await admin.email.create({
      key: 'hirlevel',
      name: 'Hírlevél',
      subject: 'Újdonságok, {{firstName}}!',
      bodyHtml: '<p>Szia {{firstName}}!</p>',
    });
    expect(created).toMatchObject({ key: 'hirlevel', builtIn: false, placeholders: [] });

    expect(await admin.email.byId({ id: created.id })).toMatchObject({
      bodyHtml: '<p>Szia {{firstName}}!</p>',
    });

    const updated = await admin.email.update({
      id: created.id,
      key: 'hirlevel_tavasz',
      subject: 'Tavaszi újdonságok',
    });
    expect(updated).toMatchObject({
      key: 'hirlevel_tavasz',
      subject: 'Tavaszi újdonságok',
      name: 'Hírlevél',
    });

    expect(await admin.email.delete({ id: created.id })).toEqual({ ok: true });
    await expectTrpcError(
      admin.email.byId({ id: created.id }),
      'NOT_FOUND',
      'A keresett tartalom nem található.',
    );
    await expectTrpcError(admin.email.delete({ id: created.id }), 'NOT_FOUND');
  });

  it('refuses a key that is taken, with a Hungarian message naming the field', async () => {
    const error = await expectTrpcError(
      admin.email.create({ key: 'registration', name: 'Másolat', subject: 'Tárgy', bodyHtml: '<p>x</p>' }),
      'CONFLICT',
      'Ilyen kulcsú e-mail-sablon már létezik. Kérjük, adj meg másikat!',
    );
    expect(error.cause).toMatchObject({ issues: [{ path: 'key' }] });
  });

  it('validates input in Hungarian', async () => {
    await expectTrpcError(
      admin.email.create({ key: 'Rossz Kulcs', name: 'X', subject: 'Tárgy', bodyHtml: '<p>x</p>' }),
      'BAD_REQUEST',
      /^Hibás adat: key – A sablon kulcsa csak ékezet nélküli kisbetűt/,
    );
    await expectTrpcError(
      admin.email.create({ key: 'jo_kulcs', name: 'X', subject: 'Két\nsor', bodyHtml: '<p>x</p>' }),
      'BAD_REQUEST',
      'Hibás adat: subject – A tárgy nem tartalmazhat sortörést.',
    );
    await expectTrpcError(
      admin.email.create({ key: 'jo_kulcs', name: 'X', subject: 'Tárgy', bodyHtml: '   ' }),
      'BAD_REQUEST',
      'Hibás adat: bodyHtml – A levél szövege kötelező.',
    );
  });

  it('never deletes a built-in template and never changes its key (409), but lets its text change', async () => {
    for (const key of BUILT_IN_EMAIL_KEYS) {
      const template = await db.prisma.emailTemplate.findUniqueOrThrow({ where: { key } });
      await expectTrpcError(
        admin.email.delete({ id: template.id }),
        'CONFLICT',
        'Ez a sablon nem törölhető, mert a webáruház ezzel küldi a leveleit. A szövegét módosíthatod.',
      );
    }
    const reset = await db.prisma.emailTemplate.findUniqueOrThrow({ where: { key: 'password_reset' } });
    await expectTrpcError(
      admin.email.update({ id: reset.id, key: 'jelszo' }),
      'CONFLICT',
      /kulcsa nem módosítható/,
    );
    const edited = await admin.email.update({ id: reset.id, key: 'password_reset', subject: 'Jelszócsere' });
    expect(edited).toMatchObject({ key: 'password_reset', subject: 'Jelszócsere', builtIn: true });
    expect(await db.prisma.emailTemplate.count({ where: { key: { in: [...BUILT_IN_EMAIL_KEYS] } } })).toBe(
      BUILT_IN_EMAIL_KEYS.length,
    );
  });

  it('previews an unsaved template with Hungarian sample values and reports unknown placeholders', async () => {
    const preview = await admin.email.preview({
      key: 'password_reset',
      subject: 'Új jelszó, {{firstName}}',
      bodyHtml: '<p>Kedves {{firstName}}!</p><p><a href="{{resetLink}}">Új jelszó</a> {{orderNumber}}</p>',
    });
    expect(preview.subject).toBe('Új jelszó, Anna');
    expect(preview.html).toContain('href="https://webaruhaz.example.hu/newpassword/minta-token"');
    expect(preview.text).toContain('Új jelszó (https://webaruhaz.example.hu/newpassword/minta-token)');
    // The reset e-mail is not given an order number, so the editor is warned and the text stays visible.
    expect(preview.unknownPlaceholders).toEqual(['orderNumber']);
    expect(preview.html).toContain('{{orderNumber}}');

    const ownTemplate = await admin.email.preview({
      subject: '{{orderNumber}}',
      bodyHtml: '<p>{{status}}</p>',
    });
    expect(ownTemplate).toMatchObject({
      subject: '2026-000123',
      html: '<p>Átadva a futárnak</p>',
      unknownPlaceholders: [],
    });
  });
});

describe('enqueueTemplatedEmail', () => {
  beforeEach(async () => {
    await db.prisma.emailOutbox.deleteMany();
  });

  it('stores the rendered message in the outbox with the values HTML-escaped', async () => {
    const queued = await enqueueTemplatedEmail(db.prisma, {
      templateKey: 'registration',
      to: 'vevo@example.hu',
      variables: {
        firstName: '<script>alert(1)</script>',
        lastName: 'Kovács',
        email: 'vevo@example.hu',
        shopUrl: 'https://bolt.hu',
      },
    });
    const row = await db.prisma.emailOutbox.findUniqueOrThrow({ where: { id: queued.id } });
    expect(row).toMatchObject({
      to: 'vevo@example.hu',
      templateKey: 'registration',
      status: 'pending',
      attempts: 0,
      subject: 'Értesítés (registration)',
    });
    expect(row.html).not.toContain('<script>');
    expect(row.html).toContain('<li>firstName: &lt;script&gt;alert(1)&lt;/script&gt;</li>');
    expect(row.text).toContain('- firstName: <script>alert(1)</script>');
  });

  it('joins the caller’s transaction: a rolled-back change leaves no e-mail behind', async () => {
    await expect(
      db.prisma.$transaction(async (tx) => {
        await enqueueTemplatedEmail(tx, {
          templateKey: 'registration',
          to: 'vevo@example.hu',
          variables: { firstName: 'Anna', shopUrl: 'https://bolt.hu' },
        });
        throw new Error('a kiváltó művelet meghiúsult');
      }),
    ).rejects.toThrow('a kiváltó művelet meghiúsult');
    expect(await db.prisma.emailOutbox.count()).toBe(0);
  });

  it('fails clearly when the template is missing', async () => {
    await expect(
      enqueueTemplatedEmail(db.prisma, { templateKey: 'nincs_ilyen', to: 'vevo@example.hu', variables: {} }),
    ).rejects.toThrow('Az e-mail nem állítható össze: hiányzik a „nincs_ilyen” kulcsú e-mail-sablon.');
  });

  it('tells where mail for the shop goes: the notification address, else the sender', async () => {
    await saveSmtpSettings(db.prisma, { host: null });
    expect(await getShopNotificationAddress(db.prisma)).toBe('bolt@example.hu');
    await db.prisma.emailSetting.update({
      where: { id: 1 },
      data: { notificationEmail: 'rendeles@example.hu' },
    });
    expect(await getShopNotificationAddress(db.prisma)).toBe('rendeles@example.hu');
  });
});

describe('the outbox as the admin reads it', () => {
  it('lists newest first with paging, filters by status and search, and shows one message in full', async () => {
    await db.prisma.emailOutbox.deleteMany();
    for (const name of ['Anna', 'Béla', 'Cecil']) {
      await enqueueTemplatedEmail(db.prisma, {
        templateKey: 'registration',
        to: `${name.toLowerCase()}@example.hu`,
        variables: { firstName: name, shopUrl: `https://bolt.hu/${name}` },
      });
    }
    const firstPage = await admin.email.outboxList({ page: 1, pageSize: 2 });
    expect(firstPage).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(firstPage.items.map((item) => item.to)).toEqual(['cecil@example.hu', 'béla@example.hu']);
    expect(firstPage.items[0]).not.toHaveProperty('html');

    const found = await admin.email.outboxList({ search: 'ANNA', status: 'pending' });
    expect(found.items.map((item) => item.to)).toEqual(['anna@example.hu']);
    expect((await admin.email.outboxList({ status: 'sent' })).total).toBe(0);

    const message = await admin.email.outboxById({ id: found.items[0]?.id ?? 0 });
    expect(message).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
    expect(message.html).toContain('shopUrl: https://bolt.hu/Anna');
    expect(message.text).toContain('https://bolt.hu/Anna');
    await expectTrpcError(admin.email.outboxById({ id: 999_999 }), 'NOT_FOUND');
  });

  it('puts a message that failed for good back in line, but not a pending or sent one', async () => {
    const queued = await enqueueTemplatedEmail(db.prisma, {
      templateKey: 'registration',
      to: 'ujra@example.hu',
      variables: { firstName: 'Dóra', shopUrl: 'https://bolt.hu' },
    });
    await expectTrpcError(admin.email.outboxRetry({ id: queued.id }), 'CONFLICT', /már küldésre vár/);
    await db.prisma.emailOutbox.update({
      where: { id: queued.id },
      data: { status: 'failed', attempts: 10, lastError: 'ECONNREFUSED' },
    });
    const retried = await admin.email.outboxRetry({ id: queued.id });
    expect(retried).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(new Date(retried.nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now());

    await db.prisma.emailOutbox.update({
      where: { id: queued.id },
      data: { status: 'sent', sentAt: new Date() },
    });
    await expectTrpcError(admin.email.outboxRetry({ id: queued.id }), 'CONFLICT', /már el lett küldve/);
  });
});
