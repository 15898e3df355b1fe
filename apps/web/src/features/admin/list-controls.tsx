import { Box, Button, Flex, Input, InputGroup, NativeSelect, Skeleton, Stack, Table } from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LuArrowDown, LuArrowUp, LuArrowUpDown, LuSearch } from 'react-icons/lu';
import { ListPagination } from '../../components/pagination';
import { errorMessage } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';

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
  const typed = useDebouncedValue(text, 300);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  // The search last handed to the URL: until the navigation lands, `value` still holds the old one, and
  // applying the same search again would be a second navigation after the one the shopper clicked.
  const applied = useRef(value);

  // Back/forward navigation changes the URL under the box.
  useEffect(() => {
    applied.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (typed === latest.current.value || typed === applied.current) return;
    applied.current = typed;
    latest.current.onChange(typed);
  }, [typed]);

  // Leaving the box (say, to click a result) applies the search at once: a search applied later would
  // navigate back to the list while the clicked page is still loading.
  const applyNow = () => {
    if (text === value || text === applied.current) return;
    applied.current = text;
    onChange(text);
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

/**
 * A filter of an admin list in its toolbar: a select whose first option („Minden állapot”) filters
 * nothing and is the empty value; `options` are the values with their labels.
 */
export function FilterSelect({
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: string | undefined;
  options: readonly (readonly [value: string, label: string])[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <NativeSelect.Root size="md" w={{ base: 'full', sm: 'auto' }} minW={{ sm: '44' }}>
      <NativeSelect.Field
        aria-label={label}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{anyLabel}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
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

// A list shown whole has one page, so its pager offers no other.
const ignorePage = () => undefined;

type PagedList = { items: readonly unknown[]; page: number; pageSize: number; total: number };

/**
 * Below the toolbar of an admin list: the error while there is nothing to show, skeleton rows on the
 * first load, then the table (children), a note when the page is empty and, for a list that counts its
 * rows in a `unit`, the count and the pager.
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
  unit?: string;
  onPageChange?: (page: number) => void;
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
      {data && unit && (
        <ListPagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          unit={unit}
          onPageChange={onPageChange ?? ignorePage}
        />
      )}
    </>
  );
}
