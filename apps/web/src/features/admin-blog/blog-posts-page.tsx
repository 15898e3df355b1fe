import { Button, NativeSelect, Table, Text } from '@chakra-ui/react';
import type { TBlogPostListInput } from '@shop/api/schemas';
import { formatDateTime } from '@shop/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { LuPlus } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';
import { DebouncedSearch, ListToolbar, PagedListBody, SortableHeader } from '../admin/list-controls';
import {
  BLOG_POST_STATUS_KEYS,
  type BlogPostListSearch,
  type BlogPostSortKey,
  type BlogPostStatusKey,
} from './blog-post-list-search';
import { BLOG_POST_STATUS_LABELS, BlogPostStatusBadge } from './blog-post-status';

const PAGE_SIZE = 20;

function toInput(search: BlogPostListSearch): TBlogPostListInput {
  return {
    search: search.q,
    status: search.status,
    page: search.page ?? 1,
    pageSize: PAGE_SIZE,
    sort: search.sort ?? 'publishedAt',
    // The newest first, until the admin picks an order.
    order: search.sort ? (search.desc ? 'desc' : 'asc') : 'desc',
  };
}

/** /admin/other/blogpost: every post, searched, filtered by status, sorted and paged on the server. */
export function BlogPostsPage({ search }: { search: BlogPostListSearch }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const input = toInput(search);
  const { data, isPending, error } = useQuery({
    ...trpc.blogpost.list.queryOptions(input),
    placeholderData: keepPreviousData,
  });
  const sort = input.sort ?? 'publishedAt';
  const desc = input.order === 'desc';

  const setSearch = (next: BlogPostListSearch) =>
    void navigate({ to: '/admin/other/blogpost', search: next, replace: true });
  const filter = (next: Partial<BlogPostListSearch>) => setSearch({ ...search, ...next, page: undefined });
  const onSort = (column: BlogPostSortKey, nextDesc: boolean) =>
    setSearch({ ...search, sort: column, desc: nextDesc || undefined });

  return (
    <AdminPage
      title="Blogbejegyzések"
      description="A bolt blogja: a vásárlók a megjelent bejegyzéseket látják, az időzítetteket a megjelenés idejétől."
      actions={
        <Button asChild colorPalette="brand">
          <Link to="/admin/other/blogpost/$id" params={{ id: 'new' }}>
            <LuPlus /> Új bejegyzés
          </Link>
        </Button>
      }
    >
      <AdminPanel overflow="hidden">
        <ListToolbar>
          <DebouncedSearch
            value={search.q ?? ''}
            onChange={(q) => filter({ q: q.trim() ? q : undefined })}
            label="Keresés a bejegyzések között"
            placeholder="Cím, URL-név vagy szerző"
          />
          <NativeSelect.Root size="md" w={{ base: 'full', sm: 'auto' }} minW={{ sm: '44' }}>
            <NativeSelect.Field
              aria-label="Állapot"
              value={search.status ?? ''}
              onChange={(event) =>
                filter({ status: (event.target.value || undefined) as BlogPostStatusKey | undefined })
              }
            >
              <option value="">Minden állapot</option>
              {BLOG_POST_STATUS_KEYS.map((status) => (
                <option key={status} value={status}>
                  {BLOG_POST_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </ListToolbar>
        <PagedListBody
          data={data}
          isPending={isPending}
          error={error}
          emptyText={
            search.q || search.status ? 'Nincs a feltételeknek megfelelő bejegyzés.' : 'Még nincs bejegyzés.'
          }
          unit="bejegyzés"
          onPageChange={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
        >
          <Table.ScrollArea>
            <Table.Root size="sm" interactive aria-label="Blogbejegyzések">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <SortableHeader
                    column="title"
                    label="Cím"
                    sort={sort}
                    desc={desc}
                    onSort={onSort}
                    ps={{ base: '4', md: '6' }}
                  />
                  <Table.ColumnHeader>Állapot</Table.ColumnHeader>
                  <SortableHeader
                    column="publishedAt"
                    label="Megjelenés"
                    sort={sort}
                    desc={desc}
                    onSort={onSort}
                    hideBelow="md"
                  />
                  <Table.ColumnHeader hideBelow="lg">Szerző</Table.ColumnHeader>
                  <SortableHeader
                    column="updatedAt"
                    label="Módosítva"
                    sort={sort}
                    desc={desc}
                    onSort={onSort}
                    hideBelow="lg"
                  />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data?.items.map((post) => (
                  <Table.Row key={post.id}>
                    <Table.Cell ps={{ base: '4', md: '6' }} py="3">
                      <Link to="/admin/other/blogpost/$id" params={{ id: String(post.id) }}>
                        <RowTitle lineClamp={2}>{post.title}</RowTitle>
                      </Link>
                      <Text
                        fontSize="xs"
                        color="fg.muted"
                        fontFamily="mono"
                        truncate
                        maxW={{ base: '52', md: 'md' }}
                      >
                        /blog/{post.slug}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <BlogPostStatusBadge status={post.status} />
                    </Table.Cell>
                    <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="nowrap">
                      {post.publishedAt ? formatDateTime(post.publishedAt) : '–'}
                    </Table.Cell>
                    <Table.Cell hideBelow="lg" color="fg.muted">
                      {post.author ?? '–'}
                    </Table.Cell>
                    <Table.Cell hideBelow="lg" color="fg.muted" whiteSpace="nowrap">
                      {formatDateTime(post.updatedAt)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </PagedListBody>
      </AdminPanel>
    </AdminPage>
  );
}
