import { Table, Text } from '@chakra-ui/react';
import { formatDateTime } from '@shop/ui';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { FileRoutesByTo } from '../../../routeTree.gen';
import { RowTitle } from '../admin-page';
import { SortableHeader } from '../list-controls';
import { SelectPageCheckbox, SelectRowCheckbox } from './bulk-actions';
import type { RowSelection } from './row-selection';

/** An admin screen of one item, opened from its list by id ('new' for the create form). */
export type AdminItemPath = Extract<keyof FileRoutesByTo, `/admin/${string}/$id`>;

/** What a cell may know beyond its row: whether the signed-in person may change things here. */
export type ListCellAccess = { mayWrite: boolean };

type CellProps = Omit<Table.CellProps, 'children'>;

/** One column of an admin table: its header, where it shows, how it sorts and what each row puts in it. */
export type ListColumn<TRow, TSort extends string = string> = {
  /** Unique within the table. */
  id: string;
  header: string;
  /** Said to screen readers only (a column of buttons). */
  headerHidden?: boolean;
  /** The URL's sort key this column's header sets; without it the header does not sort. */
  sort?: TSort;
  hideBelow?: 'sm' | 'md' | 'lg';
  align?: 'end';
  /** Buttons that change or delete: the column is left out for a role that only reads. */
  writes?: boolean;
  headerProps?: Omit<Table.ColumnHeaderProps, 'children'>;
  cellProps?: CellProps | ((row: TRow) => CellProps);
  cell: (row: TRow, access: ListCellAccess) => ReactNode;
};

const TIME_CELL = { color: 'fg.muted', whiteSpace: 'nowrap' } as const;

/** A column of a moment („Módosítva”, „Érkezett”) in Budapest time, muted and on one line; „–” for none. */
export function timeColumn<TRow, TSort extends string = string>({
  time,
  cellProps,
  ...column
}: Omit<ListColumn<TRow, TSort>, 'cell' | 'cellProps'> & {
  time: (row: TRow) => string | null;
  cellProps?: CellProps;
}): ListColumn<TRow, TSort> {
  return {
    ...column,
    cellProps: { ...TIME_CELL, ...cellProps },
    cell: (row) => {
      const value = time(row);
      return value ? formatDateTime(value) : '–';
    },
  };
}

export type ListSort<TSort extends string> = {
  sort: TSort;
  desc: boolean;
  onSort: (sort: TSort, desc: boolean) => void;
};

export type ListTableProps<TRow, TSort extends string> = {
  /** The table's accessible name. */
  label: string;
  columns: readonly ListColumn<TRow, TSort>[];
  rows: readonly TRow[];
  rowKey: (row: TRow) => string | number;
  rowProps?: (row: TRow) => Omit<Table.RowProps, 'children'>;
  sort?: ListSort<TSort>;
  /** Rows that open an item on a click of their title highlight under the pointer. */
  interactive?: boolean;
  mayWrite: boolean;
  /** A first column of checkboxes, for the list's bulk actions (`ListPage`'s `bulk`). */
  selection?: ListTableSelection<TRow>;
};

export type ListTableSelection<TRow> = {
  state: RowSelection<string | number>;
  selectPageLabel: string;
  rowLabel: (row: TRow) => string;
};

// The first column lines up with the panel's toolbar and title, wider from a tablet on; the last
// keeps the same distance from the panel's right edge.
const FIRST_COLUMN = { ps: { base: '4', md: '6' } } as const;
const LAST_COLUMN = { pe: { md: '6' } } as const;
const edges = (index: number, count: number) => ({
  ...(index === 0 ? FIRST_COLUMN : {}),
  ...(index === count - 1 ? LAST_COLUMN : {}),
});

/** The table of an admin list, described by its columns. */
export function ListTable<TRow, TSort extends string>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  sort,
  interactive,
  mayWrite,
  selection,
}: ListTableProps<TRow, TSort>) {
  const shown = columns.filter((column) => mayWrite || !column.writes);
  const access = { mayWrite };
  // The checkbox column takes the first column's place at the panel's edge.
  const lead = selection ? 1 : 0;
  const edgesOf = (index: number) => edges(index + lead, shown.length + lead);
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" interactive={interactive} aria-label={label}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {selection && (
              <Table.ColumnHeader w="10" {...FIRST_COLUMN}>
                <SelectPageCheckbox
                  state={selection.state.page}
                  onChange={selection.state.togglePage}
                  label={selection.selectPageLabel}
                  disabled={rows.length === 0}
                />
              </Table.ColumnHeader>
            )}
            {shown.map((column, index) => {
              const props = {
                ...edgesOf(index),
                hideBelow: column.hideBelow,
                textAlign: column.align,
                ...column.headerProps,
              };
              return sort && column.sort ? (
                <SortableHeader
                  key={column.id}
                  column={column.sort}
                  label={column.header}
                  sort={sort.sort}
                  desc={sort.desc}
                  onSort={sort.onSort}
                  {...props}
                />
              ) : (
                <Table.ColumnHeader key={column.id} {...props}>
                  {column.headerHidden ? <Text srOnly>{column.header}</Text> : column.header}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)} {...rowProps?.(row)}>
              {selection && (
                <Table.Cell {...FIRST_COLUMN}>
                  <SelectRowCheckbox
                    checked={selection.state.isSelected(rowKey(row))}
                    onChange={(checked) => selection.state.toggle(rowKey(row), checked)}
                    label={`${selection.rowLabel(row)} kijelölése`}
                  />
                </Table.Cell>
              )}
              {shown.map((column, index) => (
                <Table.Cell
                  key={column.id}
                  {...edgesOf(index)}
                  {...(index === 0 ? { py: '3' } : {})}
                  hideBelow={column.hideBelow}
                  textAlign={column.align}
                  {...(typeof column.cellProps === 'function' ? column.cellProps(row) : column.cellProps)}
                >
                  {column.cell(row, access)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The linked title in a row, opening the item's own screen. */
export function RowLink({
  to,
  id,
  lineClamp,
  children,
}: {
  to: AdminItemPath;
  id: number;
  lineClamp?: number;
  children: ReactNode;
}) {
  return (
    <Link to={to} params={{ id: String(id) }}>
      <RowTitle lineClamp={lineClamp}>{children}</RowTitle>
    </Link>
  );
}
