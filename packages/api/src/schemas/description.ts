import { z } from 'zod';
import { DEFAULT_LANGUAGE } from './common';

export const ZLanguage = z
  .string()
  .trim()
  .regex(/^[a-z]{2}$/, { error: 'A nyelv kétbetűs kód legyen (például hu).' })
  .default(DEFAULT_LANGUAGE);

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

export const ZDescription = z.object({
  id: z.number().int(),
  language: z.string(),
  title: z.string(),
  body: z.string().nullable(),
});
export type TDescription = z.infer<typeof ZDescription>;
