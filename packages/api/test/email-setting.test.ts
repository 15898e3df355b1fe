import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmailSettingUpdateInput } from '../src/schemas/email';
import { type Caller, createAdmin } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let admin: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = (await createAdmin(db.prisma)).caller;
});
afterAll(() => db?.close());

const settings: TEmailSettingUpdateInput = {
  smtpHost: 'smtp.example.hu',
  smtpPort: 587,
  smtpSecure: false,
  smtpUser: 'bolt',
  senderName: 'Minta Webáruház',
  senderEmail: 'bolt@example.hu',
  notificationEmail: 'rendeles@example.hu',
};

const savedPassword = async () =>
  (await db.prisma.emailSetting.findUniqueOrThrow({ where: { id: 1 } })).smtpPassword;

describe('e-mail settings', () => {
  it('answers empty settings in demo mode before anything is saved', async () => {
    expect(await admin.emailsetting.get()).toEqual({
      smtpHost: null,
      smtpPort: null,
      smtpSecure: false,
      smtpUser: null,
      smtpPasswordSet: false,
      senderName: '',
      senderEmail: '',
      notificationEmail: null,
      deliveryEnabled: false,
      updatedAt: null,
    });
  });

  it('saves the settings and never returns the password, only that one is set', async () => {
    const saved = await admin.emailsetting.update({ ...settings, smtpPassword: 'titkos-jelszo' });
    expect(saved).toMatchObject({ ...settings, smtpPasswordSet: true, deliveryEnabled: true });
    expect(JSON.stringify(saved)).not.toContain('titkos-jelszo');
    expect(JSON.stringify(await admin.emailsetting.get())).not.toContain('titkos-jelszo');
    expect(saved).not.toHaveProperty('smtpPassword');
    expect(await savedPassword()).toBe('titkos-jelszo');
  });

  it('keeps the saved password when a PUT leaves it out', async () => {
    const saved = await admin.emailsetting.update({ ...settings, smtpPort: 2525 });
    expect(saved).toMatchObject({ smtpPort: 2525, smtpPasswordSet: true });
    expect(await savedPassword()).toBe('titkos-jelszo');
  });

  it('replaces the password with a new value and clears it with an empty string or null', async () => {
    await admin.emailsetting.update({ ...settings, smtpPassword: 'uj-jelszo' });
    expect(await savedPassword()).toBe('uj-jelszo');
    expect(await admin.emailsetting.update({ ...settings, smtpPassword: '' })).toMatchObject({
      smtpPasswordSet: false,
    });
    expect(await savedPassword()).toBeNull();
    await admin.emailsetting.update({ ...settings, smtpPassword: 'harmadik' });
    await admin.emailsetting.update({ ...settings, smtpPassword: null });
    expect(await savedPassword()).toBeNull();
  });

  it('turns delivery off (demo mode) with an empty host, and stores empty optional fields as null', async () => {
    const saved = await admin.emailsetting.update({
      ...settings,
      smtpHost: '  ',
      smtpPort: null,
      smtpUser: '',
      notificationEmail: '',
    });
    expect(saved).toMatchObject({
      smtpHost: null,
      smtpPort: null,
      smtpUser: null,
      notificationEmail: null,
      deliveryEnabled: false,
    });
  });

  it('refuses invalid settings with Hungarian messages naming the field', async () => {
    await expectTrpcError(
      admin.emailsetting.update({ ...settings, senderEmail: 'nem-email' }),
      'BAD_REQUEST',
      'Hibás adat: senderEmail – A feladó e-mail-címe nem érvényes.',
    );
    await expectTrpcError(
      admin.emailsetting.update({ ...settings, senderEmail: '' }),
      'BAD_REQUEST',
      'Hibás adat: senderEmail – A feladó e-mail-címe kötelező.',
    );
    await expectTrpcError(
      admin.emailsetting.update({ ...settings, smtpPort: 70_000 }),
      'BAD_REQUEST',
      'Hibás adat: smtpPort – Az SMTP-port 1 és 65535 közötti szám lehet.',
    );
    await expectTrpcError(
      admin.emailsetting.update({ ...settings, smtpHost: 'smtp example hu' }),
      'BAD_REQUEST',
      /^Hibás adat: smtpHost – Az SMTP-kiszolgáló nem érvényes gépnév/,
    );
    await expectTrpcError(
      admin.emailsetting.update({ ...settings, notificationEmail: 'rossz@' }),
      'BAD_REQUEST',
      'Hibás adat: notificationEmail – Az értesítési e-mail-cím nem érvényes.',
    );
    await expectTrpcError(
      admin.emailsetting.update({ ...settings, senderName: 'Bolt <hamis@example.hu>' }),
      'BAD_REQUEST',
      /^Hibás adat: senderName – A feladó neve nem tartalmazhat/,
    );
  });
});
