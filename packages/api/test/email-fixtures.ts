import type { PrismaClient } from '@shop/db';
import { BUILT_IN_EMAIL_KEYS, EMAIL_TEMPLATE_PLACEHOLDERS } from '../src/schemas/email';

/**
 * The templates the shop sends, as the seed creates them in a real shop (test databases start
 * empty). Each one names every placeholder its key provides; the reset template carries its link.
 */
export async function createBuiltInEmailTemplates(prisma: PrismaClient): Promise<void> {
  await prisma.emailTemplate.createMany({
    skipDuplicates: true,
    data: BUILT_IN_EMAIL_KEYS.map((key) => ({
      key,
      name: `Beépített sablon: ${key}`,
      subject: key === 'password_reset' ? 'Új jelszó beállítása' : `Értesítés (${key})`,
      bodyHtml:
        key === 'password_reset'
          ? '<p>Kedves {{firstName}}!</p><p><a href="{{resetLink}}">Új jelszó beállítása</a></p>'
          : `<ul>${EMAIL_TEMPLATE_PLACEHOLDERS[key].map((name) => `<li>${name}: {{${name}}}</li>`).join('')}</ul>`,
    })),
  });
}

export async function saveSmtpSettings(
  prisma: PrismaClient,
  settings: { host: string | null; port?: number | null },
): Promise<void> {
  const data = {
    smtpHost: settings.host,
    smtpPort: settings.port ?? null,
    smtpSecure: false,
    senderName: 'Teszt Bolt',
    senderEmail: 'bolt@example.hu',
  };
  await prisma.emailSetting.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
}
