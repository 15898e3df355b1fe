import {
  ORDER_EMAIL_LABELS,
  ORDER_STATUS_LABELS,
  type TOrderAuditEntry,
  type TOrderEmailTemplate,
  type TOrderStatus,
} from '@shop/api/schemas';
import { formatPrice } from '@shop/ui';

/**
 * An order's change-log entry in words: what kind of change (AUDIT_LABELS) and what changed. The
 * order page's trail and the owner's view of one person's work read entries the same way.
 */
export const AUDIT_LABELS: Record<string, string> = {
  status: 'Állapotváltás',
  note: 'Belső jegyzet',
  refund: 'Visszatérítés',
  payment: 'Befizetés rögzítése',
  address: 'Címjavítás',
  email_resent: 'E-mail újraküldése',
  withdrawal_completed: 'Elállás lezárása',
  shipment: 'Csomagszám',
};

/** A detail's value as text: detail is stored JSON, so a field may hold anything. */
export const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function auditSummary(entry: Pick<TOrderAuditEntry, 'action' | 'detail'>): string {
  const { detail } = entry;
  switch (entry.action) {
    case 'status': {
      const from = ORDER_STATUS_LABELS[detail.from as TOrderStatus] ?? text(detail.from);
      const to = ORDER_STATUS_LABELS[detail.to as TOrderStatus] ?? text(detail.to);
      return `${from} → ${to}${detail.trackingNumber ? `, csomagszám: ${text(detail.trackingNumber)}` : ''}${detail.notify === false ? ', értesítés nélkül' : ''}`;
    }
    case 'shipment': {
      const change =
        { added: 'felvéve', corrected: 'javítva', removed: 'törölve' }[text(detail.change)] ?? '';
      const previous = detail.previousTrackingNumber ? `${text(detail.previousTrackingNumber)} → ` : '';
      return `${previous}${text(detail.trackingNumber)} ${change}${detail.notify === false ? ', értesítés nélkül' : ''}`;
    }
    case 'email_resent':
      // The recipient is left out for a role without customers:read.
      return `${ORDER_EMAIL_LABELS[detail.template as TOrderEmailTemplate] ?? text(detail.template)}${detail.to ? ` → ${text(detail.to)}` : ''}`;
    case 'address': {
      const describe = (value: unknown) => {
        const address = (value ?? {}) as Partial<{
          name: string;
          postcode: string;
          city: string;
          street: string;
        }>;
        return `${address.name ?? ''}, ${address.postcode ?? ''} ${address.city ?? ''}, ${address.street ?? ''}`;
      };
      return (
        (['shipping', 'billing'] as const)
          .flatMap((kind) => {
            const change = detail[kind] as { before?: unknown; after?: unknown } | undefined;
            if (!change) return [];
            return `${kind === 'shipping' ? 'Szállítási' : 'Számlázási'} cím: ${describe(change.before)} → ${describe(change.after)}`;
          })
          // Nothing left: the billing address alone changed, and it is left out without customers:read.
          .join('; ') || 'a számlázási cím módosult'
      );
    }
    case 'refund':
      return typeof detail.amount === 'number' ? formatPrice(detail.amount) : '';
    case 'payment':
      return [typeof detail.amount === 'number' ? formatPrice(detail.amount) : '', text(detail.note)]
        .filter(Boolean)
        .join(' – ');
    default:
      return text(detail.text) || text(detail.note);
  }
}
