import { z } from 'zod';

/** The exact message of a failed sign-in (spec §5). */
export const SIGNIN_FAILED_MESSAGE = 'Hibás felhasználónév vagy jelszó!';

export const ZEmail = z
  .string({ error: 'Az e-mail-cím kötelező.' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Az e-mail-cím kötelező.' })
  .max(254, { error: 'Az e-mail-cím túl hosszú.' })
  .pipe(z.email({ error: 'Érvénytelen e-mail-cím.' }));

export const ZSigninInput = z.object({
  email: z.string({ error: 'Az e-mail-cím kötelező.' }).trim().max(254),
  password: z.string({ error: 'A jelszó kötelező.' }).max(200),
});
export type TSigninInput = z.infer<typeof ZSigninInput>;

/** A token on success; a `msg` (Hungarian) on failure — never a 401, which the client reads as an expired session. */
export const ZSigninOutput = z.union([z.object({ token: z.string() }), z.object({ msg: z.string() })]);
export type TSigninOutput = z.infer<typeof ZSigninOutput>;

export const ZRole = z.enum(['customer', 'admin']);
export type TRole = z.infer<typeof ZRole>;

/** GET /api/user/details: the signed-in user. The accounts work extends it. */
export const ZUserDetails = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRole,
});
export type TUserDetails = z.infer<typeof ZUserDetails>;
