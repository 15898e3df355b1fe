import { z } from 'zod';
import { ZId, ZPosition } from './common';
import { ZDescription, ZDescriptionsInput, ZDescriptionsUpdateInput } from './description';
import { readOnly, readOnlyFieldsOf } from './read-only';

/** A stored picture as a banner shows it: its layout sizes for `<picture>`/`srcset`. */
export const ZBannerImage = z
  .object({
    id: z.number().int(),
    alt: z.string().nullable().meta({ description: 'A kép helyettesítő szövege.' }),
    width: z.number().int().nullable().meta({ description: 'Az eredeti kép szélessége pixelben.' }),
    height: z.number().int().nullable().meta({ description: 'Az eredeti kép magassága pixelben.' }),
    card: z.string().meta({ description: 'A 480 px széles változat címe.' }),
    full: z.string().meta({ description: 'Az 1200 px széles változat címe.' }),
    original: z.string().meta({ description: 'Az eredeti méretű kép címe.' }),
  })
  .meta({ id: 'BannerImage', description: 'Egy banner képe a kiszolgált méreteivel.' });
export type TBannerImage = z.infer<typeof ZBannerImage>;

/**
 * Where a banner or the popup leads: a path of the shop (`/category/konyha`) or an http(s) address.
 * `javascript:` and protocol-relative `//host` addresses are refused.
 */
export const ZBannerLink = z
  .string()
  .trim()
  .max(500, { error: 'A hivatkozás legfeljebb 500 karakter lehet.' })
  .refine((link) => link === '' || /^\/(?!\/)\S*$/.test(link) || /^https?:\/\/[^\s/]+\S*$/i.test(link), {
    error: 'A hivatkozás a bolt egy címe (/-rel kezdődik) vagy http(s):// kezdetű webcím legyen.',
  })
  .transform((link) => link || null)
  .meta({ description: 'A bolt egy címe (`/category/konyha`) vagy http(s) webcím; üresen: nincs.' });

const ZInstant = z.iso
  .datetime({ offset: true, error: 'Az időpont ISO 8601 formátumú legyen (például 2026-12-01T08:00:00Z).' })
  .transform((value) => new Date(value).toISOString());

/** An active window's edge: an ISO 8601 instant, or null for "open". */
export const ZWindowEdge = ZInstant.nullish().meta({
  description: 'ISO 8601 időpont (UTC vagy eltolással); null vagy hiányzó: nincs korlát.',
});

const bannerOutputFields = {
  id: z.number().int(),
  position: z.number().int().meta({ description: 'Sorrend: a kisebb szám áll előrébb.' }),
  enabled: z.boolean().meta({ description: 'Bekapcsolt-e; a kikapcsoltat a vásárlók nem látják.' }),
  active: readOnly(
    z.boolean().meta({
      description: 'Most látják-e a vásárlók: bekapcsolt, és a mostani idő az aktív időszakán belül van.',
    }),
  ),
  activeFrom: z.iso
    .datetime()
    .nullable()
    .meta({ description: 'Az aktív időszak kezdete (UTC, ISO 8601); null: azonnal.' }),
  activeTo: z.iso
    .datetime()
    .nullable()
    .meta({ description: 'Az aktív időszak vége, kizárólag (UTC, ISO 8601); null: visszavonásig.' }),
  link: z.string().nullable().meta({ description: 'Ahová a banner visz; null, ha sehova.' }),
  buttonLabel: z
    .string()
    .nullable()
    .meta({ description: 'A gomb felirata (pl. „Megnézem”); null: a banner maga a hivatkozás.' }),
  title: readOnly(
    z.string().meta({ description: 'A magyar cím (ha nincs magyar leírás, az első leírásé).' }),
  ),
  text: readOnly(z.string().meta({ description: 'A magyar szöveg egyszerű szövegként (HTML nélkül).' })),
  image: readOnly(ZBannerImage.nullable().meta({ description: 'Az asztali kép; null, ha nincs.' })),
  mobileImage: readOnly(
    ZBannerImage.nullable().meta({
      description: 'A telefonos (álló) kép; null esetén telefonon is az asztali kép látszik.',
    }),
  ),
  descriptions: z.array(ZDescription).meta({ description: 'Minden nyelvű cím és szöveg.' }),
  updatedAt: readOnly(z.iso.datetime().meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601).' })),
};

export const ZHero = z
  .object(bannerOutputFields)
  .meta({ id: 'Hero', description: 'A kezdőlap nagy bannere (hero) képpel, szöveggel és hivatkozással.' });
export const ZSlider = z.object(bannerOutputFields).meta({
  id: 'Slider',
  description: 'A kezdőlap körhintájának egy diája képpel, szöveggel és hivatkozással.',
});
/** Heroes and slides have the same fields. */
export type TBanner = z.infer<typeof ZHero>;

const bannerInputFields = {
  position: ZPosition.optional(),
  enabled: z.boolean({ error: 'A bekapcsolt állapot igaz vagy hamis.' }).optional(),
  link: ZBannerLink.nullish(),
  buttonLabel: z
    .string()
    .trim()
    .max(60, { error: 'A gomb felirata legfeljebb 60 karakter lehet.' })
    .transform((label) => label || null)
    .nullish(),
  activeFrom: ZWindowEdge,
  activeTo: ZWindowEdge,
  imageId: ZId.nullish().meta({ description: 'Az asztali kép (médiatár) azonosítója; null: nincs.' }),
  mobileImageId: ZId.nullish().meta({
    description: 'A telefonos kép (médiatár) azonosítója; null: telefonon is az asztali kép.',
  }),
  /** Each entry replaces the description of its language (title, and the short text in `body`). */
  descriptions: ZDescriptionsInput,
};

/** An active window must end after it starts; a missing edge is open. */
export function windowIssue(
  from: string | null | undefined,
  to: string | null | undefined,
): { path: 'activeTo'; message: string } | null {
  if (from && to && Date.parse(to) <= Date.parse(from)) {
    return { path: 'activeTo', message: 'Az aktív időszak vége legyen a kezdete után.' };
  }
  return null;
}

function checkWindow(value: { activeFrom?: string | null; activeTo?: string | null }, ctx: z.RefinementCtx) {
  const issue = windowIssue(value.activeFrom, value.activeTo);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
}

export const ZBannerCreateInput = z.strictObject(bannerInputFields).superRefine(checkWindow);
export type TBannerCreateInput = z.infer<typeof ZBannerCreateInput>;
/** Fields left out keep their stored value; `null` clears an optional one. */
export const ZBannerUpdateInput = z
  .strictObject({
    id: ZId,
    ...bannerInputFields,
    descriptions: ZDescriptionsUpdateInput.optional(),
    ...readOnlyFieldsOf(ZHero, ['active', 'title', 'text', 'image', 'mobileImage', 'updatedAt']),
  })
  .superRefine(checkWindow);
export type TBannerUpdateInput = z.infer<typeof ZBannerUpdateInput>;

export const POPUP_AUDIENCES = ['everyone', 'guests', 'customers'] as const;
export type TPopupAudience = (typeof POPUP_AUDIENCES)[number];
export const POPUP_AUDIENCE_LABELS: Record<TPopupAudience, string> = {
  everyone: 'Mindenki',
  guests: 'Csak vendégek (nincs bejelentkezve)',
  customers: 'Csak bejelentkezett vásárlók',
};
export const POPUP_FREQUENCIES = ['once_per_visitor', 'once_per_session'] as const;
export type TPopupFrequency = (typeof POPUP_FREQUENCIES)[number];
export const POPUP_FREQUENCY_LABELS: Record<TPopupFrequency, string> = {
  once_per_visitor: 'Látogatónként egyszer',
  once_per_session: 'Munkamenetenként egyszer',
};

export const ZPopup = z
  .object({
    enabled: z.boolean().meta({ description: 'Bekapcsolt-e.' }),
    active: readOnly(
      z.boolean().meta({ description: 'Bekapcsolt, és a mostani idő az aktív időszakán belül van.' }),
    ),
    title: z.string().meta({ description: 'Az ablak címe.' }),
    body: z.string().meta({ description: 'Az ablak szövege HTML-ben (a megengedett elemekre szűrve).' }),
    link: z.string().nullable().meta({ description: 'A „Részletek” gomb címe; null, ha nincs gomb.' }),
    image: readOnly(ZBannerImage.nullable()),
    activeFrom: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'Az aktív időszak kezdete (UTC); null: azonnal.' }),
    activeTo: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'Az aktív időszak vége, kizárólag (UTC); null: visszavonásig.' }),
    audience: z.enum(POPUP_AUDIENCES).meta({
      description: 'Kinek szól: everyone (mindenki), guests (vendégek), customers (bejelentkezett vásárlók).',
    }),
    frequency: z.enum(POPUP_FREQUENCIES).meta({
      description:
        'Milyen gyakran: once_per_visitor (böngészőnként egyszer, localStorage), once_per_session (munkamenetenként egyszer, sessionStorage). A megjegyzés kulcsa az `updatedAt`, így módosítás után újra megjelenik.',
    }),
    updatedAt: readOnly(z.iso.datetime().meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601).' })),
  })
  .meta({ id: 'Popup', description: 'A bolt egyetlen felugró ablaka.' });
export type TPopup = z.infer<typeof ZPopup>;

/** GET /api/popup: the popup this caller should see now, or null (an admin always gets the stored one). */
export const ZPopupOutput = ZPopup.nullable();

export const ZPopupSaveInput = z
  .strictObject({
    enabled: z.boolean({ error: 'A bekapcsolt állapot igaz vagy hamis.' }),
    title: z
      .string({ error: 'A cím kötelező.' })
      .trim()
      .min(1, { error: 'A cím kötelező.' })
      .max(200, { error: 'A cím legfeljebb 200 karakter lehet.' }),
    body: z.string().max(20_000, { error: 'A szöveg legfeljebb 20 000 karakter lehet.' }).default(''),
    link: ZBannerLink.nullish(),
    imageId: ZId.nullish().meta({ description: 'A kép (médiatár) azonosítója; null: nincs kép.' }),
    activeFrom: ZWindowEdge,
    activeTo: ZWindowEdge,
    audience: z.enum(POPUP_AUDIENCES, { error: 'A célközönség: everyone, guests vagy customers.' }),
    frequency: z.enum(POPUP_FREQUENCIES, {
      error: 'A gyakoriság: once_per_visitor vagy once_per_session.',
    }),
    ...readOnlyFieldsOf(ZPopup, ['active', 'image', 'updatedAt']),
  })
  .superRefine(checkWindow);
export type TPopupSaveInput = z.infer<typeof ZPopupSaveInput>;
