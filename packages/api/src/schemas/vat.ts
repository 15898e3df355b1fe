import { z } from 'zod';
import { VAT_CLASSES } from './vat-rules';

/** VAT classes and their rules (vat-rules.ts), and the schema inputs and answers validate them with. */
export * from './vat-rules';

export const ZVatClass = z
  .enum(VAT_CLASSES, {
    error: 'Az ÁFA-kulcs „27”, „18”, „5”, „TAM” (tárgyi adómentes) vagy „AAM” (alanyi adómentes).',
  })
  .meta({
    description:
      'ÁFA-osztály: "27", "18", "5" (százalék), "TAM" (tárgyi adómentes) vagy "AAM" (alanyi adómentes); az utóbbi kettő 0 % ÁFA.',
  });
