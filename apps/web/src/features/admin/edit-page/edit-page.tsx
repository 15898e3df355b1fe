import { Button, Link as ChakraLink, Skeleton, Stack } from '@chakra-ui/react';
import { formatDateTime } from '@shop/ui';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LuArrowLeft, LuExternalLink } from 'react-icons/lu';
import { NotFoundPage } from '../../../components/not-found-page';
import { isNotFoundError } from '../../../lib/trpc';
import { AdminPage } from '../admin-page';
import { EditRecordQuery } from './use-edit-form';

type Frame<TRecord> = {
  title: (record: TRecord) => string;
  description?: (record: TRecord) => ReactNode;
  /** The buttons beside the title: for the record, or the same for a new record and a stored one. */
  actions?: ReactNode | ((record: TRecord) => ReactNode);
  /** The screen's content for the loaded record; the form in it is keyed by the record's version. */
  children?: (record: TRecord) => ReactNode;
  /**
   * Instead of `children` and `newRecord`, for a screen that is its form alone: the form of a stored
   * record, or of a new one (null). Key it by the record's version (`key={page?.updatedAt}`).
   */
  form?: (record: TRecord | null) => ReactNode;
};

type EditPageProps<TRecord> = Frame<TRecord> & {
  /**
   * The record's query (`trpc.page.byId.queryOptions({ id })`), or null for a new record, which shows
   * `newRecord` in a page titled `newTitle`.
   */
  // biome-ignore lint/suspicious/noExplicitAny: tRPC's error and key types differ per procedure
  load: UseQueryOptions<TRecord, any, TRecord, any> | null;
  newTitle?: string;
  newActions?: ReactNode;
  newRecord?: ReactNode;
};

/**
 * The frame of an admin edit screen: loads the record (a skeleton while it comes, the not-found
 * page when the API answers 404), then shows its title, description and actions above the screen's
 * content. A route that loads the record in its loader shows it at once.
 */
export function EditPage<TRecord>({
  load,
  newTitle,
  newActions,
  newRecord,
  ...frame
}: EditPageProps<TRecord>) {
  if (!load) {
    return (
      <AdminPage
        title={newTitle ?? ''}
        actions={newActions ?? (typeof frame.actions === 'function' ? undefined : frame.actions)}
      >
        {newRecord ?? frame.form?.(null)}
      </AdminPage>
    );
  }
  return <LoadedRecord load={load} {...frame} />;
}

function LoadedRecord<TRecord>({
  load,
  title,
  description,
  actions,
  children,
  form,
}: Frame<TRecord> & { load: NonNullable<EditPageProps<TRecord>['load']> }) {
  const { data: record, error } = useQuery(load);
  // Drawn here rather than thrown: a record a link still names (a deleted banner) keeps the admin's frame.
  if (error) {
    if (isNotFoundError(error)) return <NotFoundPage />;
    throw error;
  }
  if (record === undefined) return <EditPageSkeleton />;
  return (
    <EditRecordQuery.Provider value={load.queryKey}>
      <AdminPage
        title={title(record)}
        description={description?.(record)}
        actions={typeof actions === 'function' ? actions(record) : actions}
      >
        {children ? children(record) : form?.(record)}
      </AdminPage>
    </EditRecordQuery.Provider>
  );
}

function EditPageSkeleton() {
  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="6xl" mx="auto" aria-busy="true" aria-label="Betöltés…">
      <Skeleton h="9" w={{ base: '70%', md: '40%' }} borderRadius="l2" />
      <Skeleton h="md" borderRadius="l3" />
    </Stack>
  );
}

/** The usual description of a stored record: when it was last changed. */
export const lastModified = (record: { updatedAt: string }) =>
  `Utoljára módosítva: ${formatDateTime(record.updatedAt)}`;

/** The "back to the list" link at the top of an edit screen. */
export function BackToList({ to, children }: { to: LinkProps['to']; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to={to}>
        <LuArrowLeft /> {children}
      </Link>
    </Button>
  );
}

/** Opens the record's page in the shop, in a new tab. */
export function OpenInShop({ href }: { href: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <ChakraLink href={href} target="_blank" rel="noopener">
        Megnyitás a boltban <LuExternalLink />
      </ChakraLink>
    </Button>
  );
}
