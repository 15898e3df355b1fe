import { z } from 'zod';
import { DEFAULT_LANGUAGE } from './common';
import { matchItemsBy, readOnly, readOnlyInput } from './read-only';

export const ZLanguage = z
  .string()
  .trim()
  .regex(/^[a-z]{2}$/, { error: 'A nyelv kétbetűs kód legyen (például hu).' })
  .default(DEFAULT_LANGUAGE)
  .meta({ description: 'Kétbetűs nyelvkód (ISO 639-1, pl. hu, en); alapértelmezés: hu.' });

/** What a client sends: saving one language's description replaces that language's description. */
export const ZDescriptionInput = z.strictObject({
  language: ZLanguage,
  title: z
    .string({ error: 'A cím kötelező.' })
    .trim()
    .min(1, { error: 'A cím kötelező.' })
    .max(200, { error: 'A cím legfeljebb 200 karakter lehet.' }),
  body: z.string().max(100_000, { error: 'A szöveg túl hosszú.' }).nullish(),
});
export type TDescriptionInput = z.infer<typeof ZDescriptionInput>;

/** How many languages one owner's save may carry. */
export const MAX_DESCRIPTION_LANGUAGES = 20;

function descriptionsInput<Item extends z.ZodObject>(item: Item) {
  return z
    .array(item, { error: 'A leírások listája: [{language, title}].' })
    .min(1, { error: 'Adj meg legalább egy leírást.' })
    .max(MAX_DESCRIPTION_LANGUAGES, {
      error: `Egyszerre legfeljebb ${MAX_DESCRIPTION_LANGUAGES} nyelv leírása menthető.`,
    })
    .superRefine((descriptions, ctx) => {
      const seen = new Set<string>();
      descriptions.forEach((description, index) => {
        const { language } = description as { language: string };
        if (seen.has(language)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'language'],
            message: `Egy nyelv (${language}) csak egyszer szerepelhet.`,
          });
        }
        seen.add(language);
      });
    });
}

/**
 * The specification's `descriptions` as a client saves them: each entry replaces the description of its
 * language; languages left out keep theirs. One entry per language, so a save means one thing.
 */
export const ZDescriptionsInput = descriptionsInput(ZDescriptionInput);
export type TDescriptionsInput = z.infer<typeof ZDescriptionsInput>;

/** A description's id, which the server gives: read-only, matched to the stored one by language. */
export const ZDescriptionId = readOnly(z.number().int());

export const ZDescription = z
  .object({
    id: ZDescriptionId,
    language: z.string().meta({ description: 'Kétbetűs nyelvkód (ISO 639-1, pl. hu, en).' }),
    title: z.string(),
    body: z
      .string()
      .nullable()
      .meta({ description: 'A szöveg HTML-ben (a megengedett elemekre szűrve); null, ha nincs.' }),
  })
  .meta({ id: 'Description', description: 'Egy nyelvű cím és szöveg (kategória, oldal, termék).' });
export type TDescription = z.infer<typeof ZDescription>;

/**
 * `descriptions` of an update: as ZDescriptionsInput, and each may carry back the `id` a GET answered
 * (read-only, compared with the stored description of its language).
 */
export const ZDescriptionsUpdateInput = matchItemsBy(
  descriptionsInput(ZDescriptionInput.extend({ id: readOnlyInput(ZDescriptionId.optional()) })),
  'language',
);
