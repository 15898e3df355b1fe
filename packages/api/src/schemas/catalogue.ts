import { z } from 'zod';
import { ZWindowEdge } from './banner';
import { listOf, ZId, ZPosition } from './common';
import { ZDescription, ZDescriptionsInput, ZDescriptionsUpdateInput } from './description';
import { readOnly, readOnlyFieldsOf } from './read-only';

/** The PDF of a catalogue, served inline so the browser's own viewer opens it. */
export const ZCatalogueFile = z
  .object({
    id: z.number().int().meta({ description: 'A PDF médiatár-azonosítója.' }),
    name: readOnly(z.string().meta({ description: 'A feltöltött fájl neve.' })),
    sizeBytes: readOnly(z.number().int().meta({ description: 'A PDF mérete bájtban.' })),
    url: readOnly(
      z.string().meta({ description: 'A PDF címe (application/pdf, a böngésző PDF-nézőjében nyílik).' }),
    ),
  })
  .meta({ id: 'CatalogueFile', description: 'Egy katalógus PDF-fájlja.' });

export const ZCatalogueCover = z
  .object({
    id: z.number().int().meta({ description: 'A borítókép médiatár-azonosítója.' }),
    thumb: z.string().meta({ description: 'A 160 px széles változat címe.' }),
    card: z.string().meta({ description: 'A 480 px széles változat címe.' }),
  })
  .meta({ id: 'CatalogueCover', description: 'Egy katalógus borítóképe.' });

export const ZCatalogue = z
  .object({
    id: z.number().int(),
    title: readOnly(
      z.string().meta({ description: 'A magyar cím (ha nincs magyar leírás, az első leírásé).' }),
    ),
    body: readOnly(
      z
        .string()
        .nullable()
        .meta({ description: 'A magyar rövid leírás HTML-ben (ha nincs magyar leírás, az első leírásé).' }),
    ),
    descriptions: z.array(ZDescription).meta({ description: 'Minden nyelvű cím és rövid leírás.' }),
    position: z.number().int().meta({ description: 'Sorrend a listában: a kisebb szám áll előrébb.' }),
    enabled: z.boolean().meta({ description: 'Bekapcsolt-e; a kikapcsoltat a vásárlók nem látják.' }),
    current: readOnly(
      z.boolean().meta({
        description:
          'Most látják-e a vásárlók: bekapcsolt, van PDF-je, és a mostani idő az érvényességén belül van.',
      }),
    ),
    validFrom: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'Az érvényesség kezdete (UTC, ISO 8601); null: azonnal.' }),
    validTo: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'Az érvényesség vége, kizárólag (UTC, ISO 8601); null: visszavonásig.' }),
    file: ZCatalogueFile.nullable().meta({ description: 'A PDF; null, ha törölték a médiatárból.' }),
    pageCount: readOnly(z.number().int().nullable().meta({ description: 'A PDF oldalainak száma.' })),
    cover: readOnly(
      ZCatalogueCover.nullable().meta({
        description: 'A borító: feltöltött kép, vagy a PDF első oldalából készült kép; null, ha nincs.',
      }),
    ),
    updatedAt: readOnly(z.string().meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601).' })),
  })
  .meta({ id: 'Catalogue', description: 'Letölthető PDF-katalógus borítóval és érvényességgel.' });
export type TCatalogue = z.infer<typeof ZCatalogue>;

/** GET /api/catalogue: the current catalogues for shoppers, every catalogue for an admin. */
export const ZCatalogueListOutput = listOf(ZCatalogue);

const VALIDITY_ORDER = 'Az érvényesség vége legyen a kezdete után.';

function checkValidity(value: { validFrom?: string | null; validTo?: string | null }, ctx: z.RefinementCtx) {
  if (value.validFrom && value.validTo && Date.parse(value.validTo) <= Date.parse(value.validFrom)) {
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: VALIDITY_ORDER });
  }
}

/** The PDF sent back as a GET answers it: its `id` names the file, the rest is read-only. */
const ZCatalogueFileReadBack = z.strictObject({
  id: ZId,
  ...readOnlyFieldsOf(ZCatalogueFile, ['name', 'sizeBytes', 'url']),
});

const catalogueInputFields = {
  /** Each entry replaces the description of its language (title, and the short text in `body`). */
  descriptions: ZDescriptionsInput,
  file: ZId.meta({
    description: 'A PDF médiatár-azonosítója (POST /api/media application/pdf feltöltés után).',
  }),
  image: ZId.nullish().meta({
    description: 'Feltöltött borítókép azonosítója; null vagy hiányzó: a borító a PDF első oldalából készül.',
  }),
  position: ZPosition.optional(),
  enabled: z.boolean().optional(),
  validFrom: ZWindowEdge,
  validTo: ZWindowEdge,
};

export const ZCatalogueCreateInput = z.strictObject(catalogueInputFields).superRefine(checkValidity);
export type TCatalogueCreateInput = z.infer<typeof ZCatalogueCreateInput>;

/**
 * Fields left out keep their stored value; `null` clears an optional one. A null `image` means the
 * cover is rendered from the PDF's first page again.
 */
export const ZCatalogueUpdateInput = z
  .strictObject({
    id: ZId,
    ...catalogueInputFields,
    descriptions: ZDescriptionsUpdateInput.optional(),
    file: z.union([catalogueInputFields.file, ZCatalogueFileReadBack]).optional().meta({
      description:
        'A PDF médiatár-azonosítója, vagy a fájl úgy, ahogy a GET adja: ekkor az `id` számít, a többi mezője csak olvasható.',
    }),
    ...readOnlyFieldsOf(ZCatalogue, ['title', 'body', 'current', 'pageCount', 'cover', 'updatedAt']),
  })
  .superRefine(checkValidity);
export type TCatalogueUpdateInput = z.infer<typeof ZCatalogueUpdateInput>;
/** An update as the service saves it: the PDF named by its id alone. */
export type TCatalogueUpdate = Omit<TCatalogueUpdateInput, 'file'> & { file?: number };

export function catalogueUpdate({ file, ...rest }: TCatalogueUpdateInput): TCatalogueUpdate {
  return { ...rest, file: typeof file === 'object' ? file.id : file };
}
