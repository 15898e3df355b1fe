import { z } from 'zod';

/** The key of an order's private link (`/order/{id}?key=…`), as the confirmation e-mail carries it. */
export const ZAccessKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'Érvénytelen hozzáférési kulcs.' })
  .meta({
    description:
      'A rendelés privát hivatkozásának kulcsa (a visszaigazoló e-mailből); bejelentkezés nélkül ez ad hozzáférést.',
    example: 'q3VbT9xKp2LmN8rYwZ4aHc',
  });
