import type { TInquiryListInput, TInquirySortField } from '@shop/api/schemas';
import { useNavigate } from '@tanstack/react-router';
import { DebouncedSearch } from '../admin/list-controls';
import type { InquiryListSearch } from './inquiry-search';
import { InquiryStatusSelect } from './inquiry-status';

export const INQUIRY_PAGE_SIZE = 25;

export function toInquiryListInput(search: InquiryListSearch): TInquiryListInput {
  const sort = search.sort ?? 'createdAt';
  // Dates read newest first, names A to Z; `asc` turns either around.
  const naturalDesc = sort === 'createdAt';
  return {
    search: search.q,
    status: search.status,
    page: search.page ?? 1,
    pageSize: INQUIRY_PAGE_SIZE,
    sort,
    order: naturalDesc !== Boolean(search.asc) ? 'desc' : 'asc',
  };
}

/** The URL-held state of one inquiry list and the ways to change it. */
export function useInquiryListState(
  search: InquiryListSearch,
  to: '/admin/inquiry/contact' | '/admin/inquiry/offer',
) {
  const navigate = useNavigate();
  const input = toInquiryListInput(search);
  const setSearch = (next: InquiryListSearch) => void navigate({ to, search: next, replace: true });
  const filter = (next: Partial<InquiryListSearch>) => setSearch({ ...search, ...next, page: undefined });
  const onSort = (column: TInquirySortField, desc: boolean) => {
    const naturalDesc = column === 'createdAt';
    setSearch({
      ...search,
      sort: column === 'createdAt' ? undefined : column,
      asc: desc === naturalDesc ? undefined : true,
      page: undefined,
    });
  };
  return {
    input,
    sort: input.sort,
    desc: input.order === 'desc',
    filtered: Boolean(search.q || search.status),
    filter,
    onSort,
    onPageChange: (page: number) => setSearch({ ...search, page: page > 1 ? page : undefined }),
  };
}

/** The search box and status filter of an inquiry list, for the list page's toolbar. */
export function InquiryFilters({
  search,
  filter,
  searchLabel,
}: {
  search: InquiryListSearch;
  filter: (next: Partial<InquiryListSearch>) => void;
  searchLabel: string;
}) {
  return (
    <>
      <DebouncedSearch
        value={search.q ?? ''}
        onChange={(q) => filter({ q: q.trim() ? q : undefined })}
        label={searchLabel}
        placeholder="Név vagy e-mail-cím"
      />
      <InquiryStatusSelect
        label="Állapot"
        anyLabel="Minden állapot"
        value={search.status ?? ''}
        onChange={(status) => filter({ status: status || undefined })}
      />
    </>
  );
}
