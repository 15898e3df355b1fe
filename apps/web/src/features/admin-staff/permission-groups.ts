import type { TPermission } from '@shop/api/schemas';

export type PermissionGroup = { label: string; permissions: readonly TPermission[] };

/**
 * The role editor's checkboxes, grouped by the part of the shop they open; each permission appears in
 * exactly one group (permission-groups.test.ts), reads before writes.
 */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  { label: 'Rendelések', permissions: ['orders:read', 'orders:write', 'refunds:write'] },
  { label: 'Szállítás', permissions: ['shipping:read', 'shipping:write'] },
  { label: 'Számlák', permissions: ['invoices:read', 'invoices:write'] },
  {
    label: 'Katalógus és készlet',
    permissions: ['catalogue:read', 'catalogue:write', 'stock:write', 'media:read', 'media:write'],
  },
  { label: 'Vásárlók', permissions: ['customers:read', 'customers:write'] },
  { label: 'Akciók', permissions: ['promotions:read', 'promotions:write'] },
  { label: 'Megkeresések', permissions: ['inquiries:read', 'inquiries:write'] },
  { label: 'Értékelések', permissions: ['reviews:read', 'reviews:write'] },
  { label: 'Tartalom', permissions: ['content:write'] },
  { label: 'Beállítások és integrációk', permissions: ['settings:write', 'webhooks:write'] },
];
