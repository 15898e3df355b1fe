import { z } from 'zod';

/** The key of an order's private link (`/order/{id}?key=…`), as the confirmation e-mail carries it. */
export const ZAccessKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'Érvénytelen hozzáférési kulcs.' });
