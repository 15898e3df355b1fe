import { z } from 'zod';
import { ZId, ZPosition } from './common';
import { ZLanguage } from './description';
import { matchItemsBy, readOnly, readOnlyFieldsOf } from './read-only';

export const ZPropertyValue = z
  .object({
    id: z.number().int(),
    position: readOnly(
      z.number().int().meta({ description: 'Sorrend a tulajdonság értékei között: a kisebb áll előrébb.' }),
    ),
    title: z.string().meta({ description: 'Az érték magyar neve.' }),
    productCount: readOnly(
      z.number().int().meta({ description: 'Hány termék rendelkezik ezzel az értékkel.' }),
    ),
  })
  .meta({ id: 'PropertyValue', description: 'Egy tulajdonság egy értéke.' });

export const ZProperty = z
  .object({
    id: z.number().int(),
    code: z.string().meta({ description: 'A tulajdonság egyedi kódja (pl. szin), a szűrők URL-jében.' }),
    position: z.number().int().meta({ description: 'Sorrend a tulajdonságok között: a kisebb áll előrébb.' }),
    filterable: z.boolean().meta({ description: 'Szerepel-e szűrőként a kategória- és keresési oldalakon.' }),
    title: z.string().meta({ description: 'A tulajdonság magyar neve.' }),
    values: z.array(ZPropertyValue).meta({ description: 'A tulajdonság értékei sorrendben.' }),
  })
  .meta({ id: 'Property', description: 'Termék-tulajdonság (pl. szín) az értékeivel.' });
export type TProperty = z.infer<typeof ZProperty>;

const ZTitle = z
  .string({ error: 'A cím kötelező.' })
  .trim()
  .min(1, { error: 'A cím kötelező.' })
  .max(200, { error: 'A cím legfeljebb 200 karakter lehet.' });

export const ZPropertySave = z.strictObject({
  /** Missing: a new property. */
  id: ZId.optional(),
  code: z
    .string({ error: 'A kód kötelező.' })
    .trim()
    .regex(/^[a-z0-9_-]{1,50}$/, {
      error: 'A kód ékezet nélküli kisbetű, szám, - és _ lehet (legfeljebb 50).',
    })
    .meta({ example: 'szin' }),
  position: ZPosition.optional(),
  filterable: z.boolean().optional(),
  language: ZLanguage,
  title: ZTitle,
  /**
   * The whole value list in display order: a value with an id is renamed, one without is
   * added, a stored value left out is deleted (and taken off every product).
   */
  values: matchItemsBy(
    z
      .array(
        z.strictObject({
          id: ZId.optional(),
          title: ZTitle,
          ...readOnlyFieldsOf(ZPropertyValue, ['position', 'productCount']),
        }),
      )
      .max(500),
    'id',
  ),
});
export type TPropertySave = z.infer<typeof ZPropertySave>;

/**
 * POST /api/property: one operation for the property admin, told apart by `action`:
 * `{}` or `{action:'list'}` lists, `{action:'save', property}` creates or updates,
 * `{action:'delete', id}` deletes. Every answer carries the whole list.
 */
export const ZPropertyActionInput = z
  .strictObject({
    action: z
      .enum(['list', 'save', 'delete'], { error: 'A művelet: list, save vagy delete.' })
      .default('list'),
    property: ZPropertySave.optional(),
    id: ZId.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.action === 'save' && !input.property) {
      ctx.addIssue({ code: 'custom', path: ['property'], message: 'A mentéshez add meg a tulajdonságot.' });
    }
    if (input.action === 'delete' && !input.id) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'A törléshez add meg az azonosítót.' });
    }
  })
  .default({ action: 'list' });
export type TPropertyActionInput = z.infer<typeof ZPropertyActionInput>;

export const ZPropertyActionOutput = z.object({
  items: z.array(ZProperty),
  /** The saved property after `save`, otherwise null. */
  saved: ZProperty.nullable(),
});
