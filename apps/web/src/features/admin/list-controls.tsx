import {
  Box,
  Button,
  ButtonGroup,
  Flex,
  IconButton,
  Input,
  InputGroup,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { formatNumber } from '@shop/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  LuArrowDown,
  LuArrowUp,
  LuArrowUpDown,
  LuChevronLeft,
  LuChevronRight,
  LuSearch,
} from 'react-icons/lu';
import { errorMessage } from '../../lib/trpc';

/** A search box that writes to the URL only after typing pauses, so each keystroke is not a request. */
export function DebouncedSearch({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
}) {
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;

  // Back/forward navigation changes the URL under the box.
  useEffect(() => setText(value), [value]);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (text === value) return;
    timer.current = setTimeout(() => latest.current(text), 300);
    return () => clearTimeout(timer.current);
  }, [text, value]);

  // Leaving the box (say, to click a result) applies the search at once: a timer firing later would
  // navigate back to the list while the clicked page is still loading.
  const applyNow = () => {
    clearTimeout(timer.current);
    if (text !== value) latest.current(text);
  };

  return (
    <InputGroup startElement={<LuSearch />} flex="1" minW={{ base: 'full', md: '64' }} maxW={{ md: 'md' }}>
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={applyNow}
      />
    </InputGroup>
  );
}

/** A column header that sorts by its key; a second click reverses the order. */
export function SortableHeader<TKey extends string>({
  column,
  label,
  sort,
  desc,
  onSort,
  ...rest
}: {
  column: TKey;
  label: string;
  sort: TKey;
  desc: boolean;
  onSort: (sort: TKey, desc: boolean) => void;
} & Omit<Parameters<typeof Table.ColumnHeader>[0], 'onClick'>) {
  const active = sort === column;
  return (
    <Table.ColumnHeader aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'} {...rest}>
      <Button
        variant="plain"
        size="xs"
        px="0"
        fontWeight="semibold"
        onClick={() => onSort(column, active && !desc)}
      >
        {label}
        {active ? desc ? <LuArrowDown /> : <LuArrowUp /> : <LuArrowUpDown opacity={0.35} />}
      </Button>
    </Table.ColumnHeader>
  );
}

/** "1–25 / 130" and the page buttons under a server-paged table. */
export function ListPagination({
  page,
  pageSize,
  total,
  onPageChange,
  unit,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  unit: string;
}) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <Flex
      justify="space-between"
      align="center"
      gap="3"
      wrap="wrap"
      px={{ base: '3', md: '4' }}
      py="3"
      borderTopWidth="1px"
    >
      <Text fontSize="sm" color="fg.muted">
        {formatNumber(first)}–{formatNumber(last)} / {formatNumber(total)} {unit}
      </Text>
      {total > pageSize && (
        <Pagination.Root
          count={total}
          pageSize={pageSize}
          page={page}
          onPageChange={(details) => onPageChange(details.page)}
          siblingCount={1}
          aria-label="Lapozás"
        >
          <ButtonGroup variant="ghost" size="sm" attached={false} gap="1">
            <Pagination.PrevTrigger asChild>
              <IconButton aria-label="Előző oldal">
                <LuChevronLeft />
              </IconButton>
            </Pagination.PrevTrigger>
            <Pagination.Items
              render={(item) => (
                <IconButton
                  variant={{ base: 'ghost', _selected: 'outline' }}
                  aria-label={`${item.value}. oldal`}
                >
                  {item.value}
                </IconButton>
              )}
            />
            <Pagination.NextTrigger asChild>
              <IconButton aria-label="Következő oldal">
                <LuChevronRight />
              </IconButton>
            </Pagination.NextTrigger>
          </ButtonGroup>
        </Pagination.Root>
      )}
    </Flex>
  );
}

/** The strip over an admin list that holds its search box and filters. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Flex p={{ base: '3', md: '4' }} gap="3" wrap="wrap" borderBottomWidth="1px">
      {children}
    </Flex>
  );
}

type PagedList = { items: readonly unknown[]; page: number; pageSize: number; total: number };

/**
 * Below the toolbar of a server-paged admin list: the error while there is nothing to show, skeleton
 * rows on the first load, then the table (children), a note when the page is empty and the pager.
 */
export function PagedListBody({
  data,
  isPending,
  error,
  emptyText,
  unit,
  onPageChange,
  children,
}: {
  data: PagedList | undefined;
  isPending: boolean;
  error: unknown;
  emptyText: string;
  unit: string;
  onPageChange: (page: number) => void;
  children: ReactNode;
}) {
  if (error && !data)
    return (
      <Box p="6" color="red.600">
        {errorMessage(error)}
      </Box>
    );
  if (isPending)
    return (
      <Stack p="4" gap="3">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} h="8" />
        ))}
      </Stack>
    );
  return (
    <>
      {children}
      {data?.items.length === 0 && (
        <Box p="8" textAlign="center" color="fg.muted">
          {emptyText}
        </Box>
      )}
      {data && (
        <ListPagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          unit={unit}
          onPageChange={onPageChange}
        />
      )}
    </>
  );
}
