import { z } from 'zod';

/** The random id the browser keeps with its cookie choice (a UUID, or 32 hex digits without crypto.randomUUID). */
export const CONSENT_ID_PATTERN = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** POST /api/consent: one visitor's cookie choice, recorded for accountability (GDPR art. 7(1)). */
export const ZConsentInput = z.strictObject({
  consentId: z
    .string({ error: 'A hozzájárulás azonosítója kötelező.' })
    .regex(CONSENT_ID_PATTERN, { error: 'A hozzájárulás azonosítója érvénytelen.' })
    .meta({ description: 'A böngészőben a választással együtt tárolt véletlen azonosító (UUID).' }),
  statistics: z
    .boolean({ error: 'A statisztikai sütik választása igaz vagy hamis lehet.' })
    .meta({ description: 'Hozzájárult-e a statisztikai sütikhez.' }),
  marketing: z
    .boolean({ error: 'A marketingsütik választása igaz vagy hamis lehet.' })
    .meta({ description: 'Hozzájárult-e a marketingsütikhez (a Barion Pixel marketingeseményei).' }),
  policyVersion: z
    .string({ error: 'A sütitájékoztató verziója kötelező.' })
    .regex(/^[0-9A-Za-z.-]{1,32}$/, {
      error: 'A sütitájékoztató verziója legfeljebb 32 betű, szám, pont vagy kötőjel lehet.',
    })
    .meta({ description: 'Annak a sütitájékoztatónak a verziója, amelyre a döntés szól.' }),
});
export type TConsentInput = z.infer<typeof ZConsentInput>;

export const ZConsentRecord = z
  .object({
    consentId: z.string(),
    statistics: z.boolean(),
    marketing: z.boolean(),
    policyVersion: z.string(),
    recordedAt: z.string().meta({ description: 'A rögzítés ideje (UTC, ISO 8601).' }),
  })
  .meta({ id: 'ConsentRecord', description: 'Egy látogató rögzített sütiválasztása.' });
export type TConsentRecord = z.infer<typeof ZConsentRecord>;
