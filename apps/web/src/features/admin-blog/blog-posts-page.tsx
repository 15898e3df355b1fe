import { Text } from '@chakra-ui/react';
import type { TBlogPostListInput, TBlogPostListOutput } from '@shop/api/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { type ListColumn, RowLink, timeColumn } from '../admin/list-page/list-table';
import { StatusFilteredListPage } from '../admin/list-page/status-filtered-list-page';
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
  const list = useQuery({
    ...trpc.blogpost.list.queryOptions(input),
    placeholderData: keepPreviousData,
  });

  return (
    <StatusFilteredListPage
      title="Blogbejegyzések"
      description="A bolt blogja: a vásárlók a megjelent bejegyzéseket látják, az időzítetteket a megjelenés idejétől."
      create={{ label: 'Új bejegyzés', to: '/admin/other/blogpost/$id' }}
      writes="content:write"
      search={search}
      query={list}
      searchBox={{ label: 'Keresés a bejegyzések között', placeholder: 'Cím, URL-név vagy szerző' }}
      statuses={BLOG_POST_STATUS_KEYS}
      statusLabels={BLOG_POST_STATUS_LABELS}
      emptyText={{ filtered: 'Nincs a feltételeknek megfelelő bejegyzés.', none: 'Még nincs bejegyzés.' }}
      unit="bejegyzés"
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
