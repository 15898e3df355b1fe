import { Box, Flex, IconButton, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { toaster } from '@shop/ui';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LuArrowDown, LuArrowUp } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';

export type MethodRow = {
  id: number;
  name: string;
  enabled: boolean;
  /** The linked name cell. */
  title: ReactNode;
  /** A short line under the name (fee, threshold, provider). */
  summary: ReactNode;
  /** Wider screens show these in their own columns. */
  cells: ReactNode[];
};

/** The ids with the one at `index` moved one place up (-1) or down (+1). */
export function moved(ids: number[], index: number, step: -1 | 1): number[] {
  const target = index + step;
  if (target < 0 || target >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[target]] = [next[target] as number, next[index] as number];
  return next;
}

type ListedMethod = { name: string; enabled: boolean };

/**
 * Switching a method on or off and moving it, for either list: both answer the saved method or the
 * reordered list, and a change invalidates the whole checkout domain, whose prices and offers follow.
 */
export function useMethodListChanges<TMethod extends ListedMethod, TList>({
  noun,
  listKey,
  update,
  reorder,
}: {
  /** „A fizetési mód”, „A szállítási mód”: the toast's subject. */
  noun: string;
  listKey: QueryKey;
  update: (input: { id: number; enabled: boolean }) => Promise<TMethod>;
  reorder: (ids: number[]) => Promise<TList>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries(trpc.checkout.pathFilter());
  const toggle = useMutation({
    mutationFn: update,
    onSuccess: (method) => {
      toaster.success({
        title: `${noun} ${method.enabled ? 'engedélyezve' : 'kikapcsolva'}.`,
        description: method.name,
      });
      void invalidate();
    },
    meta: { errorTitle: 'A módosítás nem sikerült.' },
  });
  const move = useMutation({
    mutationFn: reorder,
    onSuccess: (list) => {
      queryClient.setQueryData(listKey, list);
      void invalidate();
    },
    meta: { errorTitle: 'A sorrend nem változott.' },
  });
  return {
    busy: toggle.isPending || move.isPending,
    onToggle: (id: number, enabled: boolean) => toggle.mutate({ id, enabled }),
    onReorder: (ids: number[]) => move.mutate(ids),
  };
}

/**
 * Shipping or payment methods in the order the checkout shows them: each row moves up or down and is
 * switched on or off in place; the name opens the method.
 */
export function MethodTable({
  label,
  columns,
  rows,
  onToggle,
  onReorder,
  busy,
  empty,
}: {
  label: string;
  columns: string[];
  rows: MethodRow[];
  onToggle: (id: number, enabled: boolean) => void;
  onReorder: (ids: number[]) => void;
  busy: boolean;
  empty: string;
}) {
  const ids = rows.map((row) => row.id);
  return (
    <AdminPanel overflow="hidden">
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label={label}>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader w="1" ps={{ base: '2', md: '4' }}>
                <Box srOnly>Sorrend</Box>
              </Table.ColumnHeader>
              <Table.ColumnHeader>Név</Table.ColumnHeader>
              {columns.map((column) => (
                <Table.ColumnHeader key={column} hideBelow="md" textAlign="end">
                  {column}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end" pe={{ base: '3', md: '6' }}>
                Engedélyezve
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, index) => (
              <Table.Row key={row.id} opacity={row.enabled ? 1 : 0.7}>
                <Table.Cell ps={{ base: '2', md: '4' }} py="2">
                  <Stack gap="0">
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={`${row.name}: feljebb`}
                      disabled={busy || index === 0}
                      onClick={() => onReorder(moved(ids, index, -1))}
                    >
                      <LuArrowUp />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={`${row.name}: lejjebb`}
                      disabled={busy || index === rows.length - 1}
                      onClick={() => onReorder(moved(ids, index, 1))}
                    >
                      <LuArrowDown />
                    </IconButton>
                  </Stack>
                </Table.Cell>
                <Table.Cell py="3" whiteSpace="normal" minW="40">
                  {row.title}
                  <Text fontSize="sm" color="fg.muted" mt="0.5" hideFrom="md">
                    {row.summary}
                  </Text>
                </Table.Cell>
                {row.cells.map((cell, cellIndex) => (
                  <Table.Cell
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
                    key={cellIndex}
                    hideBelow="md"
                    textAlign="end"
                    whiteSpace="nowrap"
                  >
                    {cell}
                  </Table.Cell>
                ))}
                <Table.Cell textAlign="end" pe={{ base: '3', md: '6' }}>
                  <Flex justify="flex-end">
                    <Switch.Root
                      checked={row.enabled}
                      disabled={busy}
                      onCheckedChange={(details) => onToggle(row.id, details.checked)}
                      colorPalette="brand"
                    >
                      <Switch.HiddenInput aria-label={`${row.name} engedélyezve`} />
                      <Switch.Control />
                    </Switch.Root>
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {rows.length === 0 && (
        <Box p="8" textAlign="center" color="fg.muted">
          {empty}
        </Box>
      )}
    </AdminPanel>
  );
}
