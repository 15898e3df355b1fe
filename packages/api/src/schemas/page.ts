import { z } from 'zod';
import { listOf, ZId, ZPosition, ZSlug } from './common';
import { ZDescription, ZDescriptionsInput, ZDescriptionsUpdateInput } from './description';
import { readOnly, readOnlyFieldsOf } from './read-only';

export const ZPage = z
  .object({
    id: z.number().int(),
    slug: z.string().meta({ description: 'Az oldal URL-neve (a címe `/page/{slug}`).' }),
    published: z
      .boolean()
      .meta({ description: 'Közzétett-e: a nem közzétett oldalt csak adminisztrátor látja.' }),
    inFooter: z.boolean().meta({ description: 'Megjelenik-e a lábléc hivatkozásai között.' }),
    position: z
      .number()
      .int()
      .meta({ description: 'Sorrend a láblécben és a listában: a kisebb áll előrébb.' }),
    title: readOnly(
      z.string().meta({ description: 'A magyar cím (ha nincs magyar leírás, az első leírásé).' }),
    ),
    body: readOnly(
      z.string().meta({ description: 'A magyar szöveg HTML-ben (ha nincs magyar leírás, az első leírásé).' }),
    ),
    descriptions: z.array(ZDescription).meta({ description: 'Az oldal minden nyelvű címe és szövege.' }),
    updatedAt: readOnly(z.string().meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601).' })),
  })
  .meta({ id: 'Page', description: 'Tartalmi oldal vagy blogbejegyzés minden nyelvű leírásával.' });
export type TPage = z.infer<typeof ZPage>;

/** GET /api/page: published pages for shoppers, every page for an admin. */
export const ZPageListOutput = listOf(ZPage.omit({ body: true, descriptions: true }));

export const ZPageBySlugInput = z.strictObject({
  slug: z
    .string({ error: 'Az URL-név kötelező.' })
    .trim()
    .min(1, { error: 'Az URL-név kötelező.' })
    .max(1000),
});

const pageFields = {
  slug: ZSlug.optional(),
  published: z.boolean().optional(),
  inFooter: z.boolean().optional(),
  position: ZPosition.optional(),
  /** Each entry replaces the description of its language; languages left out keep theirs. */
  descriptions: ZDescriptionsInput,
};
export const ZPageCreateInput = z.strictObject(pageFields);
export type TPageCreateInput = z.infer<typeof ZPageCreateInput>;
export const ZPageUpdateInput = z.strictObject({
  id: ZId,
  ...pageFields,
  descriptions: ZDescriptionsUpdateInput.optional(),
  ...readOnlyFieldsOf(ZPage, ['title', 'body', 'updatedAt']),
});
export type TPageUpdateInput = z.infer<typeof ZPageUpdateInput>;
