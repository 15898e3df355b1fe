import type { TStaffOrder } from '@shop/api/schemas';

export type PickRow = {
  key: string;
  title: string;
  kutiId: string | null;
  quantity: number;
  orders: string[];
};

/**
 * One row per product (per variant of a product sold in variants: "Póló, kék, M" and "Póló, kék, L" lie
 * on different shelves) over every chosen order: what to take from the shelf, and for which orders.
 */
export function pickRows(orders: readonly TStaffOrder[]): PickRow[] {
  const rows = new Map<string, PickRow>();
  for (const order of orders) {
    for (const line of order.lines) {
      const key = line.product !== null ? `p${line.product}:${line.variant ?? ''}` : `t${line.title}`;
      const row = rows.get(key) ?? { key, title: line.title, kutiId: line.kutiId, quantity: 0, orders: [] };
      row.quantity += line.quantity;
      row.orders.push(`${order.number} (${line.quantity})`);
      rows.set(key, row);
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      (a.kutiId ?? '\uffff').localeCompare(b.kutiId ?? '\uffff', 'hu') ||
      a.title.localeCompare(b.title, 'hu'),
  );
}
