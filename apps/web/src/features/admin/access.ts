import type { TUserDetails } from '@shop/api/schemas';
import { PERMISSION_LABELS, permissionAllows, type TPermission } from '@shop/api/schemas/permissions';

/**
 * What an admin screen or action needs, as the server checks it (each procedure's `meta.permission`):
 * one permission, all of several (a screen reading two domains), or the shop's owner alone.
 */
export type AdminAccess = TPermission | readonly TPermission[] | 'owner';

/** The signed-in person as far as access goes: `permissions` null is the owner, who may do everything. */
export type AccessHolder = Pick<TUserDetails, 'permissions'>;

export function mayAccess(user: AccessHolder, needed: AdminAccess): boolean {
  const { permissions } = user;
  if (permissions === null) return true;
  if (needed === 'owner') return false;
  const all: readonly TPermission[] = typeof needed === 'string' ? [needed] : needed;
  return all.every((permission) => permissionAllows(permissions, permission));
}

/** The permissions `needed` names, as the role editor labels them: „Rendelések olvasása”, „Beállítások”. */
export function accessNames(needed: AdminAccess): string {
  if (needed === 'owner') return 'a bolt tulajdonosáé';
  const all: readonly TPermission[] = typeof needed === 'string' ? [needed] : needed;
  return all.map((permission) => `„${PERMISSION_LABELS[permission]}”`).join(', ');
}

/** How a hidden or disabled control explains itself: which permission it needs. */
export function missingAccessReason(needed: AdminAccess): string {
  if (needed === 'owner') return 'Ezt csak a bolt tulajdonosa teheti meg.';
  return `Ehhez nincs jogosultságod (szükséges: ${accessNames(needed)}).`;
}
