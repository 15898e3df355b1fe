import { z } from 'zod';

export const ZBackupEntry = z
  .object({
    id: z.number().int(),
    trigger: z
      .enum(['daily', 'manual'])
      .meta({ description: '`daily`: a napi mentés; `manual`: kézi (admin, `npm run backup`).' }),
    status: z.enum(['running', 'succeeded', 'failed']).meta({
      description: '`running`: készül; `succeeded`: kész, a fájl megvan; `failed`: nem sikerült (`error`).',
    }),
    fileName: z.string().meta({ description: 'A mentésfájl neve (shop-ÉÉÉÉHHNN-ÓÓPPMMZ.tar.gz, UTC idő).' }),
    directory: z
      .string()
      .meta({ description: 'A mappa (BACKUP_DIR) azon a szerveren, amelyik a mentést készítette.' }),
    host: z.string().meta({ description: 'A mentést készítő szerver gépneve.' }),
    sizeBytes: z.number().int().nullable(),
    error: z.string().nullable(),
    startedAt: z.iso.datetime().meta({ description: 'Kezdés ideje (UTC, ISO 8601).' }),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'BackupEntry' });
export type TBackupEntry = z.infer<typeof ZBackupEntry>;

export const ZBackupStatus = z
  .object({
    enabled: z.boolean().meta({ description: 'Készít-e napi mentést ez a szerver (BACKUPS).' }),
    directory: z
      .string()
      .nullable()
      .meta({ description: 'Ennek a szervernek a mentési mappája (BACKUP_DIR).' }),
    dailyHour: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Ettől az órától (Europe/Budapest) esedékes a napi mentés (BACKUP_HOUR).' }),
    retention: z
      .object({ daily: z.number().int(), weekly: z.number().int(), monthly: z.number().int() })
      .nullable()
      .meta({
        description: 'Hány napi, heti és havi mentést őriz meg (BACKUP_KEEP_DAILY, _WEEKLY, _MONTHLY).',
      }),
    last: ZBackupEntry.nullable().meta({ description: 'A legutóbbi mentés, bármilyen eredménnyel.' }),
    lastSucceeded: ZBackupEntry.nullable().meta({ description: 'A legutóbbi sikeres mentés.' }),
    warning: z.string().nullable().meta({
      description:
        'Figyelmeztetés: egy napnál régebbi vagy hiányzó sikeres mentés, sikertelen utolsó mentés, kikapcsolt mentés.',
    }),
  })
  .meta({ id: 'BackupStatus' });
export type TBackupStatus = z.infer<typeof ZBackupStatus>;
