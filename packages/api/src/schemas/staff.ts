import { z } from 'zod';
import { ZFirstName, ZLastName } from './account';
import { listOf, ZId } from './common';
import { PERMISSIONS, ZPermission } from './permissions';
import { readOnly, readOnlyFieldsOf, type WritableOutput } from './read-only';
import { ZEmail } from './user';

/** A role as the owner's screen and the API show it. */
export const ZStaffRole = z
  .object({
    id: z.number().int(),
    name: z.string().meta({ description: 'A szerepkör neve (pl. Raktár).' }),
    builtIn: readOnly(
      z.string().nullable().meta({
        description:
          'A kész szerepkörök kulcsa (warehouse, customer_service, content_editor, accountant); null a bolt saját szerepköreinél.',
      }),
    ),
    permissions: z.array(ZPermission).meta({
      description:
        'A szerepkör jogosultságai: ugyanazok, mint az API-kulcsoké, és a settings:write. Egy `…:write` a `…:read`-et is megadja.',
    }),
    refundLimit: z.number().int().nullable().meta({
      description: 'Egy visszatérítés legnagyobb összege bruttó forintban; null: nincs korlát.',
    }),
    memberCount: readOnly(
      z.number().int().meta({ description: 'Hány munkatárs kapta meg ezt a szerepkört.' }),
    ),
  })
  .meta({ id: 'StaffRole', description: 'Munkatársak szerepköre: mit tehetnek az adminban.' });
export type TStaffRole = z.infer<typeof ZStaffRole>;
export const ZStaffRoleList = listOf(ZStaffRole).meta({ id: 'StaffRoleList' });

const ZRoleName = z
  .string({ error: 'A szerepkör neve kötelező.' })
  .trim()
  .min(1, { error: 'A szerepkör neve kötelező.' })
  .max(60, { error: 'A szerepkör neve legfeljebb 60 karakter lehet.' });

const ZRolePermissions = z
  .array(ZPermission, { error: 'A jogosultságokat listaként kell megadni.' })
  .max(PERMISSIONS.length, { error: 'Egy jogosultság csak egyszer szerepelhet.' })
  .refine((permissions) => new Set(permissions).size === permissions.length, {
    error: 'Egy jogosultság csak egyszer szerepelhet.',
  });

const ZRefundLimit = z
  .number({ error: 'A visszatérítési korlát egész forint.' })
  .int({ error: 'A visszatérítési korlát egész forint.' })
  .min(0, { error: 'A visszatérítési korlát nem lehet negatív.' })
  .max(100_000_000, { error: 'A visszatérítési korlát legfeljebb 100 000 000 Ft.' })
  .nullable();

/** POST /api/staff/role. */
export const ZStaffRoleCreateInput = z.strictObject({
  name: ZRoleName,
  permissions: ZRolePermissions,
  refundLimit: ZRefundLimit.default(null),
});
export type TStaffRoleCreateInput = z.infer<typeof ZStaffRoleCreateInput>;

/** PUT /api/staff/role/{id}: left-out fields keep their value. */
export const ZStaffRoleUpdateInput = z.strictObject({
  id: ZId,
  name: ZRoleName.optional(),
  permissions: ZRolePermissions.optional(),
  refundLimit: ZRefundLimit.optional(),
  ...readOnlyFieldsOf(ZStaffRole, ['builtIn', 'memberCount']),
});
export type TStaffRoleUpdateInput = WritableOutput<typeof ZStaffRoleUpdateInput>;

/** A staff account as the owner's list shows it. */
export const ZStaffMember = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .meta({ description: 'A szerepkör; null: a bolt tulajdonosa (mindenhez hozzáfér).' }),
    invitedAt: z.iso
      .datetime()
      .meta({ description: 'A fiók létrehozása, a meghívás ideje (UTC, ISO 8601).' }),
    lastLoginAt: z.iso.datetime().nullable().meta({
      description: 'Az utolsó bejelentkezés (UTC, ISO 8601); null: még nem lépett be (a meghívó él).',
    }),
    suspendedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'A felfüggesztés ideje (UTC, ISO 8601): nem léphet be; null, ha aktív.' }),
  })
  .meta({ id: 'StaffMember', description: 'A bolt egy munkatársa vagy tulajdonosa.' });
export type TStaffMember = z.infer<typeof ZStaffMember>;
export const ZStaffList = listOf(ZStaffMember).meta({ id: 'StaffList' });

/** POST /api/staff: invites a new staff member by e-mail. */
export const ZStaffInviteInput = z.strictObject({
  email: ZEmail,
  firstName: ZFirstName,
  lastName: ZLastName,
  role: ZId.meta({ description: 'A szerepkör azonosítója (GET /api/staff/role).' }),
});
export type TStaffInviteInput = z.infer<typeof ZStaffInviteInput>;

/** PUT /api/staff/{id}: another role for a staff member. */
export const ZStaffUpdateInput = z.strictObject({
  id: ZId,
  role: ZId.meta({ description: 'Az új szerepkör azonosítója.' }),
});
export type TStaffUpdateInput = z.infer<typeof ZStaffUpdateInput>;

/** GET /api/staff/{id}/activity: what one person changed on orders, newest first. */
export const ZStaffActivity = z
  .object({
    items: z.array(
      z.object({
        id: z.number().int(),
        action: z.string().meta({
          description:
            'Mit tett: status, note, refund, payment, address, email_resent, withdrawal_completed, shipment.',
        }),
        detail: z
          .record(z.string(), z.unknown())
          .meta({ description: 'A változás részletei, mint a rendelés naplójában.' }),
        at: z.iso.datetime().meta({ description: 'Mikor (UTC, ISO 8601).' }),
        order: z.object({ id: z.number().int(), number: z.string() }),
      }),
    ),
  })
  .meta({ id: 'StaffActivity', description: 'Egy munkatárs legutóbbi 200 módosítása a rendeléseken.' });
export type TStaffActivity = z.infer<typeof ZStaffActivity>;
