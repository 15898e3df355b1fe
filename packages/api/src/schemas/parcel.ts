import { z } from 'zod';
import { ZId } from './common';
import { readOnly, readOnlyFieldsOf, type WritableOutput } from './read-only';

/** The parcel handed to the carrier for an order ("Csomag feladása"). */
export const ZOrderParcel = z
  .object({
    parcelNumber: z
      .string()
      .meta({ description: 'A szállító csomagszáma (Foxpost: CLFOX…).', example: 'CLFOX0123456789' }),
    labelUrl: z.string().meta({
      description: 'A címke PDF-je a bolt API-jában (adminnak és API-kulccsal), a bolt címéhez képest.',
      example: '/api/order/42/parcel/label',
    }),
    trackingUrl: z.string().meta({
      description: 'A szállító csomagkövető oldala ehhez a csomaghoz.',
      example: 'https://www.foxpost.hu/csomagkovetes/?code=CLFOX0123456789',
    }),
  })
  .meta({ id: 'OrderParcel', description: 'A rendelés csomagja a szállítónál.' });
export type TOrderParcel = z.infer<typeof ZOrderParcel>;

/** The shop's own address of an order's label PDF (`GET /api/order/{id}/parcel/label`). */
export function parcelLabelUrl(orderId: number): string {
  return `/api/order/${orderId}/parcel/label`;
}

export const PARCEL_SIZES = ['xs', 's', 'm', 'l', 'xl'] as const;
export const ZParcelSize = z.enum(PARCEL_SIZES, { error: 'A csomag mérete xs, s, m, l vagy xl lehet.' });
export type TParcelSize = z.infer<typeof ZParcelSize>;
export const PARCEL_SIZE_LABELS: Record<TParcelSize, string> = {
  xs: 'XS',
  s: 'S',
  m: 'M',
  l: 'L',
  xl: 'XL',
};
/** Foxpost measures the parcel in its depot anyway; M is what it suggests sending when unsure. */
export const DEFAULT_PARCEL_SIZE: TParcelSize = 'm';

export const ZOrderParcelCreateInput = z.strictObject({
  id: ZId,
  size: ZParcelSize.optional().meta({
    description: 'A csomag mérete (xs…xl; alapértelmezés: m). A Foxpost a raktárban újramméri.',
  }),
});
export type TOrderParcelCreateInput = z.infer<typeof ZOrderParcelCreateInput>;

export const MAX_LABELS_PER_CALL = 100;
export const ZOrderParcelLabelsInput = z.strictObject({
  ids: z
    .array(ZId, { error: 'A rendelések azonosítóinak listája (ids) kötelező.' })
    .min(1, { error: 'Legalább egy rendelést válassz ki.' })
    .max(MAX_LABELS_PER_CALL, { error: `Egyszerre legfeljebb ${MAX_LABELS_PER_CALL} címke nyomtatható.` }),
});
export type TOrderParcelLabelsInput = z.infer<typeof ZOrderParcelLabelsInput>;

/** A PDF answer: REST sends the bytes (`application/pdf`), tRPC this object with the bytes in base64. */
export const ZPdfFileOutput = z.object({
  filename: z.string(),
  contentType: z.literal('application/pdf'),
  content: z.string().meta({ description: 'A PDF base64-ben (tRPC-n; REST-en maga a fájl).' }),
});
export type TPdfFileOutput = z.infer<typeof ZPdfFileOutput>;

export const FOXPOST_ENVIRONMENTS = ['test', 'live'] as const;
export const ZFoxpostEnvironment = z.enum(FOXPOST_ENVIRONMENTS, {
  error: 'A környezet test (webapi-test.foxpost.hu) vagy live (webapi.foxpost.hu) lehet.',
});
export const FOXPOST_ENVIRONMENT_LABELS: Record<z.infer<typeof ZFoxpostEnvironment>, string> = {
  test: 'Teszt (webapi-test.foxpost.hu)',
  live: 'Éles (webapi.foxpost.hu)',
};

/**
 * Which Foxpost the shop uses: the admin's account, or the project's stand-in while none is saved;
 * none when the server runs without stand-ins and no account is saved (no parcel can be created).
 */
export const ZCarrierSource = z.enum(['admin', 'stand_in', 'none']);

export const ZFoxpostSettings = z.object({
  username: z.string().nullable(),
  /** The password is never sent back; only whether one is saved and its last four characters. */
  passwordSet: readOnly(z.boolean()),
  passwordLast4: readOnly(z.string().nullable()),
  apiKeySet: readOnly(z.boolean()),
  apiKeyLast4: readOnly(z.string().nullable()),
  environment: ZFoxpostEnvironment,
  source: readOnly(ZCarrierSource),
  /** False when this server cannot open the saved secrets (its encryption key changed): save them again. */
  readable: readOnly(z.boolean()),
  /** False when the server has no encryption key, so secrets cannot be saved. */
  canStoreSecrets: readOnly(z.boolean()),
  updatedAt: readOnly(z.string().nullable()),
});

export const ZCarrierSettings = z.object({ foxpost: ZFoxpostSettings }).meta({
  id: 'CarrierSettings',
  description: 'A futárszolgálati fiókok (a titkok csak utolsó 4 karakterükkel).',
});
export type TCarrierSettings = z.infer<typeof ZCarrierSettings>;

const secret = (label: string, max: number) =>
  z
    .string({ error: `${label}: szöveget várunk.` })
    .trim()
    .min(1, { error: `${label} nem lehet üres.` })
    .max(max, { error: `${label} legfeljebb ${max} karakter lehet.` });

export const ZFoxpostSettingsUpdateInput = z.strictObject({
  /** The FoxWeb user; null removes the whole account (the shop goes back to the stand-in). */
  username: z
    .string({ error: 'A felhasználónév szöveg.' })
    .trim()
    .max(100, { error: 'A felhasználónév legfeljebb 100 karakter lehet.' })
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  /** Left out: the saved one stays; a text replaces it. */
  password: secret('A jelszó', 200).optional(),
  apiKey: secret('Az API-kulcs', 200).optional(),
  environment: ZFoxpostEnvironment,
  // What GET /api/checkout/carriers answers beside them, so its `foxpost` can be sent back unchanged.
  ...readOnlyFieldsOf(ZFoxpostSettings, [
    'passwordSet',
    'passwordLast4',
    'apiKeySet',
    'apiKeyLast4',
    'source',
    'readable',
    'canStoreSecrets',
    'updatedAt',
  ]),
});
export type TFoxpostSettingsUpdateInput = z.input<typeof ZFoxpostSettingsUpdateInput>;
export type TFoxpostSettingsUpdate = WritableOutput<typeof ZFoxpostSettingsUpdateInput>;

export const ZFoxpostSettingsTestInput = z.strictObject({
  /** Try these before saving them; left out, the saved account (or the stand-in) is tried. */
  username: z
    .string({ error: 'A felhasználónév szöveg.' })
    .trim()
    .min(1, { error: 'A felhasználónév nem lehet üres.' })
    .max(100, { error: 'A felhasználónév legfeljebb 100 karakter lehet.' })
    .optional(),
  password: secret('A jelszó', 200).optional(),
  apiKey: secret('Az API-kulcs', 200).optional(),
  environment: ZFoxpostEnvironment.optional(),
});
export type TFoxpostSettingsTestInput = z.infer<typeof ZFoxpostSettingsTestInput>;

export const ZCarrierTestOutput = z.object({ ok: z.boolean(), message: z.string() });
export type TCarrierTestOutput = z.infer<typeof ZCarrierTestOutput>;
