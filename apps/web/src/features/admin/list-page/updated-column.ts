import { type ListColumn, timeColumn } from './list-table';

/**
 * The „Módosítva” column of a list whose rows tell when they last changed: sorted by the URL's
 * `updatedAt` key, shown from tablet width up, where a list has room for it.
 */
export function updatedColumn<TRow extends { updatedAt: string }>(): ListColumn<TRow, 'updatedAt'> {
  return timeColumn({
    id: 'updatedAt',
    header: 'Módosítva',
    sort: 'updatedAt',
    hideBelow: 'md',
    time: (row) => row.updatedAt,
  });
}
