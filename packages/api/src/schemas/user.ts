import { z } from 'zod';
import {
  ZAccountRecordsExport,
  ZCurrentPassword,
  ZFirstName,
  ZLastName,
  ZNewPassword,
  ZOptionalCompanyName,
  ZOptionalPhone,
  ZOptionalTaxNumber,
} from './account';
import { ZAddresses } from './address';
import { pageOf, ZId, ZPageNumber } from './common';
import { readOnly, readOnlyFieldsOf, readOnlyInput, type WritableOutput } from './read-only';

/** The exact message of a failed sign-in, in the specification's words. */
export const SIGNIN_FAILED_MESSAGE = 'Hibás felhasználónév vagy jelszó!';

export const ZEmail = z
  .string({ error: 'Az e-mail-cím kötelező.' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Az e-mail-cím kötelező.' })
  .max(254, { error: 'Az e-mail-cím túl hosszú.' })
  .pipe(z.email({ error: 'Érvénytelen e-mail-cím.' }))
  .meta({ example: 'kovacs.anna@example.hu' });

export const ZSigninInput = z.strictObject({
  email: z.string({ error: 'Az e-mail-cím kötelező.' }).trim().max(254),
  password: z.string({ error: 'A jelszó kötelező.' }).max(200),
  /**
   * The `deviceToken` of this browser's last sign-in (or the `X-Device-Token` header): with it the
   * right password gets in while other people's failures throttle the account or the address.
   */
  deviceToken: z.string().max(200, { error: 'Az eszközazonosító érvénytelen.' }).optional(),
});
export type TSigninInput = z.infer<typeof ZSigninInput>;

/** A token on success; a `msg` (Hungarian) on failure — never a 401, which the client reads as an expired session. */
export const ZSigninOutput = z.union([
  z.object({
    token: z.string(),
    /**
     * This browser's device token: sent back in the `X-Device-Token` header on later sign-ins, it lets
     * the right password in while other people's failures throttle the account or the address.
     */
    deviceToken: z.string(),
  }),
  z.object({ msg: z.string() }),
]);
export type TSigninOutput = z.infer<typeof ZSigninOutput>;

export const ZRole = z.enum(['customer', 'admin']);
export type TRole = z.infer<typeof ZRole>;

export const ZUserGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  discountPercent: z.number().int(),
});
export type TUserGroup = z.infer<typeof ZUserGroup>;

/** GET /api/user/details: the signed-in user's own data. */
export const ZUserDetails = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: ZRole,
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
    taxNumber: z.string().nullable(),
    newsletter: z.boolean(),
    /** The customer group, whose discount the prices already include. */
    group: readOnly(ZUserGroup.nullable()),
    createdAt: readOnly(z.iso.datetime().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' })),
    staffRole: readOnly(
      z
        .object({ id: z.number().int(), name: z.string() })
        .nullable()
        .meta({ description: 'A munkatárs szerepköre; null a bolt tulajdonosánál és a vásárlóknál.' }),
    ),
    permissions: readOnly(
      z.array(z.string()).nullable().meta({
        description:
          'Mit tehet az adminban (jogosultságok, mint az API-kulcsoké, és a settings:write); null: a bolt tulajdonosa, aki mindent; üres: vásárló.',
      }),
    ),
    refundLimit: readOnly(
      z.number().int().nullable().meta({
        description:
          'A munkatárs szerepköre szerint egy visszatérítés legnagyobb összege bruttó forintban; null: nincs korlát (a tulajdonosnak és a vásárlóknak sincs).',
      }),
    ),
  })
  .meta({ id: 'UserDetails', description: 'A bejelentkezett felhasználó saját adatai.' });
export type TUserDetails = z.infer<typeof ZUserDetails>;

// ------------------------------------------------------------ self-service

/** POST /api/user/signup. */
export const ZSignupInput = z.strictObject({
  email: ZEmail,
  password: ZNewPassword,
  firstName: ZFirstName,
  lastName: ZLastName,
  phone: ZOptionalPhone,
  newsletter: z.boolean({ error: 'A hírlevél-feliratkozás igen/nem érték.' }).default(false),
  acceptTerms: z.literal(true, { error: 'Az általános szerződési feltételek elfogadása kötelező.' }),
});
export type TSignupInput = z.infer<typeof ZSignupInput>;
export const ZTokenOutput = z.object({ token: z.string() });
export type TTokenOutput = z.infer<typeof ZTokenOutput>;

/** POST /api/user/newpassword. */
export const ZNewPasswordInput = z.strictObject({ email: ZEmail });
/** The one answer of a reset request, whether or not the account exists. */
export const NEW_PASSWORD_MESSAGE =
  'Ha ezzel az e-mail-címmel van fiókunk, elküldtük rá az új jelszó beállításához szükséges linket. A link egy óráig érvényes.';
export const ZNewPasswordOutput = z.object({ ok: z.literal(true), message: z.string() });
export type TNewPasswordOutput = z.infer<typeof ZNewPasswordOutput>;

/** POST /api/user/resetpassword: the token of the e-mailed link and the new password. */
export const ZResetPasswordInput = z.strictObject({
  token: z
    .string({ error: 'A link azonosítója kötelező.' })
    .trim()
    .min(1, { error: 'A link azonosítója kötelező.' })
    .max(200, { error: 'A link azonosítója érvénytelen.' }),
  password: ZNewPassword,
});
export type TResetPasswordInput = z.infer<typeof ZResetPasswordInput>;

/** PATCH /api/user/details: any subset of the editable fields; the e-mail address changes elsewhere. */
export const ZUserDetailsUpdateInput = z.strictObject({
  firstName: ZFirstName.optional(),
  lastName: ZLastName.optional(),
  phone: ZOptionalPhone,
  companyName: ZOptionalCompanyName,
  taxNumber: ZOptionalTaxNumber,
  newsletter: z.boolean({ error: 'A hírlevél-feliratkozás igen/nem érték.' }).optional(),
  // The account's own id, e-mail address (POST /api/user/changeemail) and role are not set here.
  id: readOnlyInput(ZUserDetails.shape.id.optional()),
  email: readOnlyInput(ZUserDetails.shape.email.optional()),
  role: readOnlyInput(ZUserDetails.shape.role.optional()),
  ...readOnlyFieldsOf(ZUserDetails, ['group', 'createdAt', 'staffRole', 'permissions', 'refundLimit']),
});
export type TUserDetailsUpdateInput = WritableOutput<typeof ZUserDetailsUpdateInput>;

/** POST /api/user/changepassword. */
export const ZChangePasswordInput = z.strictObject({
  oldPassword: ZCurrentPassword,
  newPassword: ZNewPassword,
});
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

/** POST /api/user/changeemail: the current password confirms the change. */
export const ZChangeEmailInput = z.strictObject({ password: ZCurrentPassword, email: ZEmail });
export type TChangeEmailInput = z.infer<typeof ZChangeEmailInput>;

/** POST /api/user/delete-account: the current password confirms the deletion. */
export const ZDeleteAccountInput = z.strictObject({ password: ZCurrentPassword });
export type TDeleteAccountInput = z.infer<typeof ZDeleteAccountInput>;

/**
 * GET /api/user/export: everything the shop keeps about the signed-in customer, one section per table of
 * PERSONAL_DATA_TABLES (services/personal-data.ts); the records beyond the account are ZAccountRecordsExport.
 */
export const ZAccountExport = ZAccountRecordsExport.extend({
  exportedAt: z.iso.datetime(),
  details: ZUserDetails.extend({
    termsAcceptedAt: z.iso.datetime().nullable(),
    lastLoginAt: z.iso.datetime().nullable(),
  }),
  addresses: ZAddresses,
}).meta({
  id: 'AccountExport',
  description:
    'A felhasználó minden tárolt adata (GDPR-export). A rendelések közül a fiókkal leadottak szerepelnek; a regisztráció előtt ugyanezzel az e-mail-címmel vendégként leadott rendelések nem, mert a cím egyezése nem bizonyítja, hogy a fiók tulajdonosáé (ezeket az ügyfélszolgálat a rendelés adataival igazolt kérésre adja ki). A munkatársak belső jegyzetei és módosítási naplója, valamint a sikertelen belépési kísérletek (amelyek más személy IP-címét is tartalmazhatják) nem szerepelnek: ezeket írásbeli kérésre, átnézés után adjuk ki.',
});
export type TAccountExport = z.infer<typeof ZAccountExport>;

// ------------------------------------------------------------------- admin

export const USER_SORT_FIELDS = ['name', 'email', 'createdAt', 'lastLoginAt', 'id'] as const;

/** POST /api/user/findall. `groupId: null` lists the users without a group. */
export const ZUserFindAllInput = z
  .strictObject({
    search: z
      .string()
      .trim()
      .max(200, { error: 'A keresőkifejezés legfeljebb 200 karakter lehet.' })
      .optional(),
    groupId: ZId.nullable().optional(),
    role: ZRole.optional(),
    includeAnonymized: z.boolean().default(false),
    page: ZPageNumber.default(1),
    pageSize: z.number().int().min(1).max(200).default(50),
    sort: z.enum(USER_SORT_FIELDS).default('name'),
    order: z.enum(['asc', 'desc']).default('asc'),
  })
  .default({ includeAnonymized: false, page: 1, pageSize: 50, sort: 'name', order: 'asc' });
export type TUserFindAllInput = z.infer<typeof ZUserFindAllInput>;

/** A user as the admin sees them: every field except secrets. */
export const ZAdminUser = ZUserDetails.extend({
  termsAcceptedAt: readOnly(z.iso.datetime().nullable()),
  lastLoginAt: readOnly(z.iso.datetime().nullable()),
  /** Set when the account was deleted; its personal data is gone. */
  anonymizedAt: readOnly(z.iso.datetime().nullable()),
  updatedAt: readOnly(z.iso.datetime().meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601).' })),
}).meta({ id: 'User', description: 'Egy felhasználó az admin számára.' });
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZUserFindAllOutput = pageOf(ZAdminUser);
export type TUserFindAllOutput = z.infer<typeof ZUserFindAllOutput>;

/** PUT /api/user: fields left out keep their value. */
export const ZUserUpdateInput = z.strictObject({
  id: ZId,
  email: ZEmail.optional(),
  firstName: ZFirstName.optional(),
  lastName: ZLastName.optional(),
  role: ZRole.optional(),
  phone: ZOptionalPhone,
  companyName: ZOptionalCompanyName,
  taxNumber: ZOptionalTaxNumber,
  newsletter: z.boolean({ error: 'A hírlevél-feliratkozás igen/nem érték.' }).optional(),
  groupId: ZId.nullable().optional(),
  ...readOnlyFieldsOf(ZAdminUser, [
    'group',
    'createdAt',
    'termsAcceptedAt',
    'lastLoginAt',
    'anonymizedAt',
    'updatedAt',
    'staffRole',
    'permissions',
    'refundLimit',
  ]),
});
export type TUserUpdateInput = WritableOutput<typeof ZUserUpdateInput>;

/** DELETE /api/user/{id}: a user with orders is anonymised instead, so the orders keep their invoicing data. */
export const ZUserDeleteOutput = z.object({ ok: z.literal(true), anonymized: z.boolean() });
export type TUserDeleteOutput = z.infer<typeof ZUserDeleteOutput>;

/** POST /api/user/changegroup. `groupId: null` takes the user out of every group. */
export const ZChangeGroupInput = z.strictObject({
  userId: ZId,
  groupId: ZId.nullable(),
});
export type TChangeGroupInput = z.infer<typeof ZChangeGroupInput>;

/** GET /api/user/download: the same filters as the list, all optional. */
export const ZUserDownloadInput = z
  .strictObject({
    search: z
      .string()
      .trim()
      .max(200, { error: 'A keresőkifejezés legfeljebb 200 karakter lehet.' })
      .optional(),
    groupId: ZId.optional(),
    role: ZRole.optional(),
  })
  .default({});
export type TUserDownloadInput = z.infer<typeof ZUserDownloadInput>;

/**
 * A file answered by a procedure whose meta says `download: true`: tRPC returns it as this JSON,
 * the REST mirror sends `content` as the body with its type and file name.
 */
export const ZFileOutput = z.object({
  filename: z.string(),
  contentType: z.string(),
  content: z.string(),
});
export type TFileOutput = z.infer<typeof ZFileOutput>;
