import { Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LuPlus } from 'react-icons/lu';
import type { AdminAccess } from '../access';
import { AdminPage, AdminPanel } from '../admin-page';
import { DebouncedSearch, ListToolbar, PagedListBody } from '../list-controls';
import { useAdminAccess } from '../use-access';
import { BulkActionBar, type ListBulk, useAllowedBulkActions } from './bulk-actions';
import { type AdminItemPath, ListTable, type ListTableProps } from './list-table';
import type { PagedList } from './local-list';
import { useRowSelection } from './row-selection';

/** The primary action of a list: a link to the item's create form, or a button that opens a dialog. */
export type ListCreate = { label: string } & ({ to: AdminItemPath } | { onClick: () => void });

export type ListSearchBox = {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (q: string | undefined) => void;
};

export type ListPageProps<TRow, TSort extends string> = {
  title: string;
  description?: ReactNode;
  /** Buttons before "new" that anyone who opens the list may use: a download, a related screen. */
  actions?: ReactNode;
  create?: ListCreate;
  /**
   * The permission creating and deleting need on the server (`meta.permission` of those procedures).
   * A role without it does not see "new" nor the columns marked `writes`, instead of being refused with
   * a 403 after the click. Without it the list's own permission (its sidebar section) is enough.
   */
  writes?: AdminAccess;
  /** The search box, first over the table: it holds the URL's `q`, and a blank search is none. */
  searchBox?: ListSearchBox;
  /** The filters, beside the search box. */
  toolbar?: ReactNode;
  list: PagedList<TRow> | undefined;
  isPending?: boolean;
  error?: unknown;
  emptyText: string;
  /** The noun of the count under the table („12 bejegyzés”); a list without it shows no count and no pager. */
  unit?: string;
  onPageChange?: (page: number) => void;
  table: Omit<ListTableProps<TRow, TSort>, 'rows' | 'mayWrite' | 'selection'>;
  /**
   * What can be done to several rows at once: rows get checkboxes (the header one chooses the page),
   * and a bar over the table counts them and offers the actions. Only for a role allowed one of the
   * actions (each needs `writes` unless it names its own permission).
   */
  bulk?: ListBulk<TRow>;
  /** Dialogs and panels that belong to the list (its create form, a delete confirmation, a log). */
  children?: ReactNode;
};

/**
 * An admin list screen: title and primary "new" action, search and filters, the table its columns
 * describe, bulk actions on chosen rows, an empty state and the pager. The list's state (search, filters, sort, page) stays in the
 * URL (`useListSearch`); what a role may not do is not offered.
 */
export function ListPage<TRow, TSort extends string>({
  title,
  description,
  actions,
  create,
  writes,
  searchBox,
  toolbar,
  list,
  isPending = false,
  error,
  emptyText,
  unit,
  onPageChange,
  table,
  bulk,
  children,
}: ListPageProps<TRow, TSort>) {
  const access = useAdminAccess();
  const mayWrite = writes === undefined || access.may(writes);
  const rows = list?.items ?? [];
  const bulkActions = useAllowedBulkActions(bulk, writes);
  const selection = useRowSelection(rows.map(table.rowKey));
  const chosen = rows.filter((row) => selection.isSelected(table.rowKey(row)));
  const createButton = create && mayWrite && <CreateButton create={create} />;
  return (
    <AdminPage
      title={title}
      description={description}
      actions={
        (actions || createButton) && (
          <>
            {actions}
            {createButton}
          </>
        )
      }
    >
      <AdminPanel overflow="hidden">
        {(searchBox || toolbar) && (
          <ListToolbar>
            {searchBox && (
              <DebouncedSearch
                value={searchBox.value ?? ''}
                onChange={(q) => searchBox.onChange(q.trim() ? q : undefined)}
                label={searchBox.label}
                placeholder={searchBox.placeholder}
              />
            )}
            {toolbar}
          </ListToolbar>
        )}
        {bulk && chosen.length > 0 && (
          <BulkActionBar
            label={bulk.label}
            actions={bulkActions}
            rowLabel={bulk.rowLabel}
            onDone={bulk.onDone}
            rows={chosen}
            onClear={selection.clear}
          />
        )}
        <PagedListBody
          data={list}
          isPending={isPending}
          error={error}
          emptyText={emptyText}
          unit={unit}
          onPageChange={onPageChange}
        >
          <ListTable
            {...table}
            rows={rows}
            mayWrite={mayWrite}
            selection={
              bulk && bulkActions.length > 0
                ? { state: selection, selectPageLabel: bulk.selectPageLabel, rowLabel: bulk.rowLabel }
                : undefined
            }
          />
        </PagedListBody>
      </AdminPanel>
      {children}
    </AdminPage>
  );
}

function CreateButton({ create }: { create: ListCreate }) {
  if ('onClick' in create)
    return (
      <Button colorPalette="brand" onClick={create.onClick}>
        <LuPlus /> {create.label}
      </Button>
    );
  return (
    <Button asChild colorPalette="brand">
      <Link to={create.to} params={{ id: 'new' }}>
        <LuPlus /> {create.label}
      </Link>
    </Button>
  );
}
