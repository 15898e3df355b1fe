import type { Prisma, PrismaClient } from '@shop/db';
import type { TEmailSetting, TEmailSettingUpdate } from '../../schemas/email';

/** The settings are one row with this id. */
const SETTING_ID = 1;

const settingSelect = {
  smtpHost: true,
  smtpPort: true,
  smtpSecure: true,
  smtpUser: true,
  smtpPassword: true,
  senderName: true,
  senderEmail: true,
  notificationEmail: true,
  updatedAt: true,
} as const satisfies Prisma.EmailSettingSelect;

type SettingRow = Prisma.EmailSettingGetPayload<{ select: typeof settingSelect }>;

/** Delivery needs a server to talk to and an address to send from; otherwise mail waits in the outbox. */
function deliveryEnabled(row: Pick<SettingRow, 'smtpHost' | 'senderEmail'> | null): boolean {
  return Boolean(row?.smtpHost && row.senderEmail);
}

/** The password is replaced by whether one is saved: it never leaves the server. */
function toSettingDto(row: SettingRow | null): TEmailSetting {
  return {
    smtpHost: row?.smtpHost ?? null,
    smtpPort: row?.smtpPort ?? null,
    smtpSecure: row?.smtpSecure ?? false,
    smtpUser: row?.smtpUser ?? null,
    smtpPasswordSet: Boolean(row?.smtpPassword),
    senderName: row?.senderName ?? '',
    senderEmail: row?.senderEmail ?? '',
    notificationEmail: row?.notificationEmail ?? null,
    deliveryEnabled: deliveryEnabled(row),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getEmailSetting(prisma: PrismaClient): Promise<TEmailSetting> {
  const row = await prisma.emailSetting.findUnique({ where: { id: SETTING_ID }, select: settingSelect });
  return toSettingDto(row);
}

/**
 * Replaces the settings. `smtpPassword` left out keeps the saved password, an empty string or null
 * clears it, any other value replaces it.
 */
export async function updateEmailSetting(
  prisma: PrismaClient,
  { smtpPassword, ...fields }: TEmailSettingUpdate,
): Promise<TEmailSetting> {
  const password = smtpPassword === undefined ? {} : { smtpPassword: smtpPassword || null };
  const row = await prisma.emailSetting.upsert({
    where: { id: SETTING_ID },
    create: { id: SETTING_ID, ...fields, ...password },
    update: { ...fields, ...password },
    select: settingSelect,
  });
  return toSettingDto(row);
}

export type SmtpSettings = {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
  senderName: string;
  senderEmail: string;
};

/** What the outbox worker connects with, or null in the demo (no SMTP host: nothing is sent). */
export async function loadSmtpSettings(prisma: PrismaClient): Promise<SmtpSettings | null> {
  const row = await prisma.emailSetting.findUnique({ where: { id: SETTING_ID }, select: settingSelect });
  if (!row?.smtpHost || !deliveryEnabled(row)) return null;
  return {
    host: row.smtpHost,
    // The usual ports: implicit TLS on 465, submission with STARTTLS on 587.
    port: row.smtpPort ?? (row.smtpSecure ? 465 : 587),
    secure: row.smtpSecure,
    user: row.smtpUser,
    password: row.smtpPassword,
    senderName: row.senderName,
    senderEmail: row.senderEmail,
  };
}
