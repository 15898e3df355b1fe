import { Button, Checkbox, Flex, Text } from '@chakra-ui/react';
import { toaster } from '@shop/ui';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LuX } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage, isUnauthorizedError } from '../../../lib/trpc';
import type { AdminAccess } from '../access';
import { useAdminAccess } from '../use-access';
import type { PageSelectionState } from './row-selection';
import { runEach } from './run-each';

/** Operations on one record run this many at a time for a bulk action: quick, without a burst of requests. */
export const BULK_CONCURRENCY = 4;

/** One thing a list does to its chosen rows, through the operation that takes one record. */
export type ListBulkAction<TRow> = {
  label: string;
  icon?: ReactNode;
  /** The permission it needs, when it is not the list's own `writes`. */
  writes?: AdminAccess;
  /**
   * Asked before a run that takes something away (a disable, a delete): the question names how many
   * rows it touches. Without it the action runs on the click.
   */
  confirm?: {
    title: string;
    confirmLabel: string;
    question: (count: number) => string;
    destructive?: boolean;
  };
  run: (row: TRow) => Promise<unknown>;
  /** The report's title for the rows it was done for („2 termék letiltva”). */
  done: (count: number) => string;
};

/** A list's declared bulk actions: shown only to a role allowed at least one of them. */
export type ListBulk<TRow> = {
  /** The name of the bar over the table („Kijelölt termékek”). */
  label: string;
  /** The header checkbox's name („Az oldal minden termékének kijelölése”). */
  selectPageLabel: string;
  /** A row's name in its checkbox („… kijelölése”) and in the report of a refusal. */
  rowLabel: (row: TRow) => string;
  actions: readonly ListBulkAction<TRow>[];
  /** After a run: what the list refreshes (its domain's queries). */
  onDone?: () => void;
};

/** The actions of `bulk` this person may take: `writes` is the list's permission, used when an action names none. */
export function useAllowedBulkActions<TRow>(
  bulk: ListBulk<TRow> | undefined,
  writes: AdminAccess | undefined,
): ListBulkAction<TRow>[] {
  const access = useAdminAccess();
  return (bulk?.actions ?? []).filter((action) => {
    const needed = action.writes ?? writes;
    return needed === undefined || access.may(needed);
  });
}

// The box is small; its label grows by its padding so a finger hits it (the table keeps its row height).
const TAP_AREA = { p: '2', m: '-2', cursor: 'pointer' } as const;

/** The header checkbox: the page's rows all, none, or some (shown as a dash). Space toggles it. */
export function SelectPageCheckbox({
  state,
  onChange,
  label,
  disabled,
}: {
  state: PageSelectionState;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={state}
      disabled={disabled}
      onCheckedChange={(details) => onChange(details.checked === true)}
      {...TAP_AREA}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** A row's checkbox, named after the row. */
export function SelectRowCheckbox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      {...TAP_AREA}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/**
 * The bar over a list's table while rows are chosen: how many („3 kijelölve”), the actions this person
 * may take, and clearing the choice. An action runs row by row (`BULK_CONCURRENCY` at a time), goes on
 * past a refusal, and reports how many went through and why the others did not; then the choice is
 * cleared. `children` are a list's own controls beside them (the orders' status change).
 */
export function BulkActionBar<TRow>({
  label,
  actions = [],
  rowLabel = String,
  onDone,
  rows,
  onClear,
  children,
}: {
  /** The bar's name (`ListBulk.label`). */
  label: string;
  /** The actions this person may take (`useAllowedBulkActions`). */
  actions?: readonly ListBulkAction<TRow>[];
  rowLabel?: (row: TRow) => string;
  onDone?: () => void;
  rows: readonly TRow[];
  onClear: () => void;
  children?: ReactNode;
}) {
  const [asking, setAsking] = useState<ListBulkAction<TRow> | null>(null);
  const run = useMutation({
    mutationFn: async (action: ListBulkAction<TRow>) => ({
      action,
      outcome: await runEach(rows, BULK_CONCURRENCY, action.run),
    }),
    meta: { toastError: false },
    onSuccess: ({ action, outcome }) => {
      setAsking(null);
      onClear();
      onDone?.();
      // An expired session has said so already (lib/session.ts) and left the admin.
      if (outcome.failed.some(({ error }) => isUnauthorizedError(error))) return;
      const refused = outcome.failed.length;
      toaster.create({
        type: refused ? 'warning' : 'success',
        title: `${action.done(outcome.succeeded.length)}${refused ? `, ${refused} nem sikerült` : ''}.`,
        description: refused
          ? outcome.failed.map(({ item, error }) => `${rowLabel(item)}: ${errorMessage(error)}`).join('\n')
          : undefined,
      });
    },
  });
  const start = (action: ListBulkAction<TRow>) => (action.confirm ? setAsking(action) : run.mutate(action));

  return (
    <Flex
      role="region"
      aria-label={label}
      gap="2"
      wrap="wrap"
      align="center"
      px={{ base: '3', md: '4' }}
      py="3"
      bg="brand.subtle"
      borderBottomWidth="1px"
    >
      <Text role="status" fontWeight="medium" fontSize="sm" me="2">
        {rows.length} kijelölve
      </Text>
      {actions.map((action) => (
        <Button
          key={action.label}
          size="sm"
          variant="outline"
          bg="white"
          loading={run.isPending && run.variables === action}
          disabled={run.isPending}
          onClick={() => start(action)}
        >
          {action.icon} {action.label}
        </Button>
      ))}
      {children}
      <Button size="sm" variant="ghost" disabled={run.isPending} onClick={onClear}>
        <LuX /> Kijelölés megszüntetése
      </Button>
      {asking?.confirm && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={asking.confirm.title}
          confirmLabel={asking.confirm.confirmLabel}
          destructive={asking.confirm.destructive ?? true}
          loading={run.isPending}
          onConfirm={() => run.mutate(asking)}
        >
          {asking.confirm.question(rows.length)}
        </ConfirmDialog>
      )}
    </Flex>
  );
}
