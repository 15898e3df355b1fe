import { describe, expect, it } from 'vitest';
import { admission } from './admission';
import { visibleSectionGroups } from './sections';

const owner = { permissions: null };
// The built-in Raktár role (packages/db migration staff_roles).
const warehouse = {
  permissions: ['orders:read', 'orders:write', 'shipping:write', 'stock:write', 'catalogue:read'],
};
const contentEditor = { permissions: ['content:write'] };

describe('admission', () => {
  it('lets the owner open every section, the staff screen too', () => {
    expect(admission(owner, '/admin/settings/staff')).toEqual({ deniedSection: null });
    expect(admission(owner, '/admin/customer/12')).toEqual({ deniedSection: null });
  });

  it('refuses a section, and its detail pages, that the role does not open', () => {
    expect(admission(warehouse, '/admin/order/5').deniedSection).toBeNull();
    expect(admission(warehouse, '/admin/customer').deniedSection?.label).toBe('Vásárlók');
    expect(admission(warehouse, '/admin/customer/12/').deniedSection?.label).toBe('Vásárlók');
    expect(admission(warehouse, '/admin/settings/staff').deniedSection?.label).toBe('Munkatársak');
    expect(admission(warehouse, '/admin/checkout/payment').deniedSection?.label).toBe('Fizetési módok');
  });

  it('opens the dashboard, with its work queue, to everyone of the staff', () => {
    expect(admission(warehouse, '/admin/dashboard')).toEqual({ deniedSection: null });
    expect(admission(contentEditor, '/admin/dashboard')).toEqual({ deniedSection: null });
    expect(admission({ permissions: [] }, '/admin/dashboard')).toEqual({ deniedSection: null });
  });

  it('leaves a path of no section to its own route', () => {
    expect(admission({ permissions: [] }, '/admin/nincs-ilyen')).toEqual({ deniedSection: null });
  });
});

describe('visibleSectionGroups', () => {
  it('offers only what the role opens and drops groups left empty', () => {
    const labels = visibleSectionGroups(warehouse).flatMap((group) =>
      group.sections.map((section) => section.label),
    );
    expect(labels).toContain('Rendelések');
    expect(labels).toContain('Termékek');
    expect(labels).not.toContain('Vásárlók');
    expect(labels).not.toContain('Fizetési módok');
    expect(labels).not.toContain('Munkatársak');
    expect(visibleSectionGroups(warehouse).map((group) => group.label)).not.toContain('Vásárlók');
  });
});
