import { Text } from '@chakra-ui/react';
import type { TBlogPostListInput, TBlogPostListOutput } from '@shop/api/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { FilterSelect } from '../admin/list-controls';
import { ListPage } from '../admin/list-page/list-page';
import { type ListColumn, RowLink, timeColumn } from '../admin/list-page/list-table';
import { useListSearch } from '../admin/list-page/use-list-search';
import {
  BLOG_POST_STATUS_KEYS,
  type BlogPostListSearch,
  type BlogPostSortKey,
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

const COLUMNS: ListColumn<TBlogPostListOutput['items'][number], BlogPostSortKey>[] = [
  {
    id: 'title',
    header: 'Cím',
    sort: 'title',
    cell: (post) => (
      <>
        <RowLink to="/admin/other/blogpost/$id" id={post.id} lineClamp={2}>
          {post.title}
        </RowLink>
        <Text fontSize="xs" color="fg.muted" fontFamily="mono" truncate maxW={{ base: '52', md: 'md' }}>
          /blog/{post.slug}
        </Text>
      </>
    ),
  },
  { id: 'status', header: 'Állapot', cell: (post) => <BlogPostStatusBadge status={post.status} /> },
  timeColumn({
    id: 'publishedAt',
    header: 'Megjelenés',
    sort: 'publishedAt',
    hideBelow: 'md',
    time: (post) => post.publishedAt,
  }),
  {
    id: 'author',
    header: 'Szerző',
    hideBelow: 'lg',
    cellProps: { color: 'fg.muted' },
    cell: (post) => post.author ?? '–',
  },
  timeColumn({
    id: 'updatedAt',
    header: 'Módosítva',
    sort: 'updatedAt',
    hideBelow: 'lg',
    time: (post) => post.updatedAt,
  }),
];

/** /admin/other/blogpost: every post, searched, filtered by status, sorted and paged on the server. */
export function BlogPostsPage({ search }: { search: BlogPostListSearch }) {
  const trpc = useTRPC();
  const url = useListSearch(search);
  const input = toInput(search);
  const { data, isPending, error } = useQuery({
    ...trpc.blogpost.list.queryOptions(input),
    placeholderData: keepPreviousData,
  });

  return (
    <ListPage
      title="Blogbejegyzések"
      description="A bolt blogja: a vásárlók a megjelent bejegyzéseket látják, az időzítetteket a megjelenés idejétől."
      create={{ label: 'Új bejegyzés', to: '/admin/other/blogpost/$id' }}
      writes="content:write"
      searchBox={{
        label: 'Keresés a bejegyzések között',
        placeholder: 'Cím, URL-név vagy szerző',
        value: search.q,
        onChange: (q) => url.filter({ q }),
      }}
      toolbar={
        <FilterSelect
          label="Állapot"
          anyLabel="Minden állapot"
          value={search.status}
          options={BLOG_POST_STATUS_KEYS.map((status) => [status, BLOG_POST_STATUS_LABELS[status]] as const)}
          onChange={(status) => url.filter({ status: BLOG_POST_STATUS_KEYS.find((key) => key === status) })}
        />
      }
      list={data}
      isPending={isPending}
      error={error}
      emptyText={
        search.q || search.status ? 'Nincs a feltételeknek megfelelő bejegyzés.' : 'Még nincs bejegyzés.'
      }
      unit="bejegyzés"
      onPageChange={url.setPage}
      table={{
        label: 'Blogbejegyzések',
        columns: COLUMNS,
        rowKey: (post) => post.id,
        interactive: true,
        sort: {
          sort: input.sort ?? 'publishedAt',
          desc: input.order === 'desc',
          onSort: (column, desc) => url.set({ ...search, sort: column, desc: desc || undefined }),
        },
      }}
    />
  );
}
