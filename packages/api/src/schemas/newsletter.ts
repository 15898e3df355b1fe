import { z } from 'zod';
import { pageOf, ZPageNumber } from './common';
import { ZEmail } from './user';

/**
 * The consent texts a newsletter signup shows, by version. A form sends the version it showed; the
 * register stores that version with its exact text, so it proves what the subscriber agreed to. A
 * changed text gets a new version and the old one stays here: a confirmation link of a request made
 * under it must still record the text that was shown then.
 */
const NEWSLETTER_TEXT_2026_11_29 =
  'Feliratkozom a hírlevélre: hozzájárulok, hogy a webáruház hírlevelet, ajánlatokat és akciókról szóló leveleket küldjön nekem e-mailben. A hozzájárulásomat bármikor visszavonhatom a levelekben lévő leiratkozó linkkel vagy a fiókomban.';

export const NEWSLETTER_CONSENT_TEXTS = {
  '2026-11-29': NEWSLETTER_TEXT_2026_11_29,
  // The checkout's box asks for the cart reminder too, so the register keeps that sentence with it.
  '2026-11-29-kosar': `${NEWSLETTER_TEXT_2026_11_29} Ha nem fejezem be a rendelést, erről a kosárról egyszer emlékeztetőt kérek egy linkkel, amely bármelyik eszközön visszaállítja.`,
} as const;
export type TNewsletterConsentVersion = keyof typeof NEWSLETTER_CONSENT_TEXTS;

/** The version every form shows now. */
export const NEWSLETTER_CONSENT_VERSION: TNewsletterConsentVersion = '2026-11-29';
export const NEWSLETTER_CONSENT_TEXT = NEWSLETTER_CONSENT_TEXTS[NEWSLETTER_CONSENT_VERSION];
/** The version the checkout's "newsletter and cart reminder" box shows now. */
export const CART_REMINDER_CONSENT_VERSION: TNewsletterConsentVersion = '2026-11-29-kosar';

const CONSENT_VERSIONS = Object.keys(NEWSLETTER_CONSENT_TEXTS) as [TNewsletterConsentVersion];

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export const ZNewsletterStatus = z.enum(NEWSLETTER_STATUSES, {
  error: 'Az állapot pending, confirmed vagy unsubscribed lehet.',
});
export type TNewsletterStatus = z.infer<typeof ZNewsletterStatus>;

export const NEWSLETTER_STATUS_LABELS: Record<TNewsletterStatus, string> = {
  pending: 'Megerősítésre vár',
  confirmed: 'Feliratkozott',
  unsubscribed: 'Leiratkozott',
};

export const NEWSLETTER_SOURCES = [
  'footer',
  'checkout',
  'account',
  'registration',
  'admin',
  'email',
] as const;
export const ZNewsletterSource = z.enum(NEWSLETTER_SOURCES);
export type TNewsletterSource = z.infer<typeof ZNewsletterSource>;

export const NEWSLETTER_SOURCE_LABELS: Record<TNewsletterSource, string> = {
  footer: 'Lábléc',
  checkout: 'Pénztár',
  account: 'Fiók',
  registration: 'Regisztráció',
  admin: 'Admin',
  email: 'Link a levélben',
};

export const NEWSLETTER_EVENTS = ['requested', 'confirmed', 'withdrawn'] as const;
export type TNewsletterEvent = (typeof NEWSLETTER_EVENTS)[number];

export const NEWSLETTER_EVENT_LABELS: Record<TNewsletterEvent, string> = {
  requested: 'Feliratkozást kért',
  confirmed: 'Megerősítette',
  withdrawn: 'Visszavonta',
};

const ZConsentVersion = z.enum(CONSENT_VERSIONS, {
  error: 'Ismeretlen hozzájárulási szöveg. Kérjük, töltsd újra az oldalt!',
});

const consentGiven = z.literal(true, {
  error: 'A feliratkozáshoz el kell fogadnod a hozzájárulási nyilatkozatot.',
});

/** POST /api/newsletter/subscribe: the footer's and the checkout's signup. */
export const ZNewsletterSubscribeInput = z.strictObject({
  email: ZEmail,
  consent: consentGiven.meta({ description: 'A hozzájárulási szöveg elfogadása; csak true lehet.' }),
  consentVersion: ZConsentVersion.meta({
    description: 'Az űrlapon mutatott hozzájárulási szöveg verziója (`GET /api/newsletter/consent-text`).',
  }),
  source: z.enum(['footer', 'checkout'], { error: 'A forrás footer vagy checkout lehet.' }).default('footer'),
});
export type TNewsletterSubscribeInput = z.infer<typeof ZNewsletterSubscribeInput>;

export const ZNewsletterTokenInput = z.strictObject({
  token: z
    .string({ error: 'A link hiányos.' })
    .trim()
    .min(16, { error: 'A link hiányos vagy hibás.' })
    .max(100, { error: 'A link hiányos vagy hibás.' }),
});
export type TNewsletterTokenInput = z.infer<typeof ZNewsletterTokenInput>;

export const ZNewsletterConsentText = z.object({
  version: z.string(),
  text: z.string(),
});

export const ZNewsletterAccepted = z.object({ ok: z.literal(true) });

export const ZNewsletterConfirmOutput = z.object({
  status: z.literal('confirmed'),
  email: z.string(),
});

export const ZNewsletterUnsubscribeOutput = z.object({
  status: z.literal('unsubscribed'),
  email: z.string(),
});

/** The signed-in customer's own subscription, for the account page. */
export const ZNewsletterMine = z.object({
  email: z.string(),
  status: ZNewsletterStatus.nullable().meta({ description: 'null: soha nem iratkozott fel.' }),
  confirmedAt: z.iso.datetime().nullable(),
});
export type TNewsletterMine = z.infer<typeof ZNewsletterMine>;

export const ZNewsletterSetMineInput = z.strictObject({
  subscribed: z.boolean({ error: 'A feliratkozás igen/nem érték.' }),
  consentVersion: ZConsentVersion.optional().meta({
    description: 'Feliratkozáskor kötelező: a fiókoldalon mutatott hozzájárulási szöveg verziója.',
  }),
});
export type TNewsletterSetMineInput = z.infer<typeof ZNewsletterSetMineInput>;

export const ZNewsletterListInput = z.strictObject({
  search: z
    .string()
    .trim()
    .max(200, { error: 'A keresőkifejezés legfeljebb 200 karakter lehet.' })
    .optional(),
  status: ZNewsletterStatus.optional().meta({
    description: 'Csak ilyen állapotú feliratkozók; nélküle mind.',
  }),
  page: ZPageNumber.default(1),
});
export type TNewsletterListInput = z.infer<typeof ZNewsletterListInput>;

export const ZNewsletterSubscriber = z
  .object({
    id: z.number().int(),
    email: z.string(),
    status: ZNewsletterStatus.meta({
      description:
        'pending: megerősítésre vár (még nem kap hírlevelet); confirmed: a linkre kattintva megerősítette; unsubscribed: leiratkozott.',
    }),
    source: ZNewsletterSource.meta({
      description: 'Hol kérte a feliratkozást: lábléc, pénztár, fiók, regisztráció, admin.',
    }),
    consentVersion: z.string().meta({ description: 'A mutatott hozzájárulási szöveg verziója.' }),
    userId: z.number().int().nullable(),
    requestedAt: z.iso.datetime(),
    confirmedAt: z.iso.datetime().nullable(),
    unsubscribedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'NewsletterSubscriber', description: 'Egy cím a hírlevéllistán.' });
export type TNewsletterSubscriber = z.infer<typeof ZNewsletterSubscriber>;

export const ZNewsletterListOutput = pageOf(ZNewsletterSubscriber);
export type TNewsletterListOutput = z.infer<typeof ZNewsletterListOutput>;

export const ZNewsletterRegisterInput = z.strictObject({ email: ZEmail });

export const ZNewsletterConsentEntry = z
  .object({
    id: z.number().int(),
    email: z.string(),
    userId: z.number().int().nullable(),
    event: z.enum(NEWSLETTER_EVENTS),
    source: ZNewsletterSource,
    consentVersion: z.string(),
    consentText: z.string(),
    createdAt: z.iso.datetime().meta({ description: 'Az esemény ideje (UTC, ISO 8601).' }),
  })
  .meta({ id: 'NewsletterConsent', description: 'A hozzájárulási nyilvántartás egy bejegyzése.' });
export type TNewsletterConsentEntry = z.infer<typeof ZNewsletterConsentEntry>;

export const ZNewsletterRegisterOutput = z.object({
  subscriber: ZNewsletterSubscriber.nullable(),
  events: z.array(ZNewsletterConsentEntry),
});
export type TNewsletterRegisterOutput = z.infer<typeof ZNewsletterRegisterOutput>;

export const ZNewsletterSendInput = z.strictObject({
  subject: z
    .string({ error: 'A tárgy kötelező.' })
    .trim()
    .min(1, { error: 'A tárgy kötelező.' })
    .max(200, { error: 'A tárgy legfeljebb 200 karakter lehet.' }),
  bodyHtml: z
    .string({ error: 'A levél szövege kötelező.' })
    .trim()
    .min(1, { error: 'A levél szövege kötelező.' })
    .max(100_000, { error: 'A levél szövege túl hosszú.' }),
});
export type TNewsletterSendInput = z.infer<typeof ZNewsletterSendInput>;

export const ZNewsletterSendOutput = z.object({
  queued: z
    .number()
    .int()
    .meta({ description: 'Ennyi megerősített feliratkozónak került a levél a küldési sorba.' }),
});
