import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Drawer,
  EmptyState,
  Flex,
  Grid,
  Heading,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { TFacet, TProductFiltersOutput, TProductSort } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { BREAKPOINTS, formatNumber } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  type FormEvent,
  memo,
  type ReactNode,
  startTransition,
  useDeferredValue,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { LuSearchX, LuSlidersHorizontal } from 'react-icons/lu';
import { parseNumberInput } from '../../components/form/number-input';
import { PageButtons } from '../../components/pagination';
import {
  PHONE_SHEET_CONTENT,
  PHONE_SHEET_OUTSIDE,
  PHONE_SHEET_ROOT,
  useHidePageBehind,
} from '../../components/phone-sheet';
import { isAwake } from '../../early-input/wake';
import { useTRPC } from '../../lib/trpc';
import { useMediaQuery } from '../../lib/use-media-query';
import { minRatingLabel, withoutFilters } from './active-filters';
import { FilterChips } from './filter-chips';
import {
  filtersInput,
  hasActiveFilters,
  LISTING_PAGE_SIZE,
  type ListingScope,
  type ListingSearch,
  parsePropertyFilters,
  type SearchUpdate,
  SORT_OPTIONS,
  toggleFilterValue,
} from './listing-search';
import { PriceText } from './price-text';
import { ProductCard } from './product-card';
import { productFiltersOptions } from './queries';

/** From where the filters are a sidebar rather than a sheet (`hideBelow="lg"`). */
const WIDE_SCREEN = `(min-width: ${BREAKPOINTS.lg})`;

type ChangeSearch = (update: SearchUpdate, options?: { scrollToTop?: boolean }) => void;

function FacetGroup({
  facet,
  search,
  onChange,
}: {
  facet: TFacet;
  search: ListingSearch;
  onChange: ChangeSearch;
}) {
  const [expanded, setExpanded] = useState(false);
  const selected = parsePropertyFilters(search.f)[String(facet.id)] ?? [];
  const values = facet.values.filter((value) => value.count > 0 || selected.includes(value.id));
  if (values.length === 0) return null;
  const visible = expanded ? values : values.slice(0, 8);
  return (
    <Box as="fieldset">
      <Text as="legend" fontWeight="semibold" fontSize="sm" mb="2">
        {facet.title}
      </Text>
      <Stack gap="1.5">
        {visible.map((value) => (
          <Checkbox.Root
            key={value.id}
            size="sm"
            colorPalette="brand"
            checked={selected.includes(value.id)}
            onCheckedChange={() => onChange(toggleFilterValue(facet.id, value.id))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label fontWeight="normal" flex="1">
              {value.title}
            </Checkbox.Label>
            <Text as="span" fontSize="xs" color="fg.muted" aria-hidden="true">
              {formatNumber(value.count)}
            </Text>
          </Checkbox.Root>
        ))}
      </Stack>
      {values.length > 8 && (
        <Button
          variant="plain"
          size="xs"
          color="brand.fg"
          px="0"
          mt="1"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Kevesebb' : `Mind ${withArticle(formatNumber(values.length))} érték`}
        </Button>
      )}
    </Box>
  );
}

function PriceRange({
  search,
  range,
  onChange,
}: {
  search: ListingSearch;
  range: { min: number; max: number } | null;
  onChange: ChangeSearch;
}) {
  const [min, setMin] = useState(search.min === undefined ? '' : String(search.min));
  const [max, setMax] = useState(search.max === undefined ? '' : String(search.max));
  const id = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const toNumber = (value: string) => {
      const number = parseNumberInput(value);
      return number === undefined || !Number.isFinite(number) || number < 0 ? undefined : Math.round(number);
    };
    const range = { min: toNumber(min), max: toNumber(max) };
    onChange((current) => ({ ...current, ...range, page: undefined }));
  };

  return (
    <Box as="form" onSubmit={apply} aria-labelledby={`${id}-title`}>
      <Text id={`${id}-title`} fontWeight="semibold" fontSize="sm" mb="2">
        Ár (Ft)
      </Text>
      <Flex gap="2" align="center">
        <Input
          size="sm"
          flex="1"
          minW="0"
          inputMode="numeric"
          aria-label="Legalacsonyabb ár"
          placeholder="tól"
          value={min}
          onChange={(event) => setMin(event.target.value)}
        />
        <Text color="fg.muted">–</Text>
        <Input
          size="sm"
          flex="1"
          minW="0"
          inputMode="numeric"
          aria-label="Legmagasabb ár"
          placeholder="ig"
          value={max}
          onChange={(event) => setMax(event.target.value)}
        />
        <Button type="submit" size="sm" variant="outline" flexShrink={0} px="3">
          OK
        </Button>
      </Flex>
      {range && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          <PriceText>{(price) => `Ebben a listában: ${price(range.min)} – ${price(range.max)}`}</PriceText>
        </Text>
      )}
    </Box>
  );
}

/** The least-stars choices of the filter panel, most demanding first. */
const MIN_RATING_OPTIONS = [4, 3, 2, 1] as const;

/**
 * "Értékelés": at least so many stars of approved reviews; products without a review drop out. A native
 * select, like the sort beside the list: a phone opens its own picker, and it adds no widget code.
 */
function RatingFilter({ search, onChange }: { search: ListingSearch; onChange: ChangeSearch }) {
  const id = useId();
  return (
    <Box>
      <Text id={id} fontWeight="semibold" fontSize="sm" mb="2">
        Értékelés
      </Text>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          aria-labelledby={id}
          value={search.rating === undefined ? '' : String(search.rating)}
          onChange={(event) => {
            const rating = event.target.value ? Number(event.target.value) : undefined;
            onChange((current) => ({ ...current, rating, page: undefined }));
          }}
        >
          <option value="">Bármennyi csillag</option>
          {MIN_RATING_OPTIONS.map((stars) => (
            <option key={stars} value={stars}>
              {minRatingLabel(stars)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}

/** The filters' place while they are drawn. */
function FiltersSkeleton() {
  return (
    <Stack gap="4" aria-hidden>
      <Skeleton height="5" width="60%" />
      <Skeleton height="10" />
      <Skeleton height="5" width="40%" />
      <Skeleton height="24" />
    </Stack>
  );
}

function FiltersPanel({
  data,
  search,
  onChange,
}: {
  data: TProductFiltersOutput;
  search: ListingSearch;
  onChange: ChangeSearch;
}) {
  return (
    <Stack gap="5">
      <Checkbox.Root
        size="sm"
        colorPalette="brand"
        checked={Boolean(search.stock)}
        onCheckedChange={(details) => {
          const stock = details.checked === true ? true : undefined;
          onChange((current) => ({ ...current, stock, page: undefined }));
        }}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Csak a raktáron lévők</Checkbox.Label>
      </Checkbox.Root>
      <PriceRange
        key={`${search.min}-${search.max}`}
        search={search}
        range={data.facets.price}
        onChange={onChange}
      />
      <RatingFilter search={search} onChange={onChange} />
      {data.facets.properties.map((facet) => (
        <FacetGroup key={facet.id} facet={facet} search={search} onChange={onChange} />
      ))}
      {hasActiveFilters(search) && (
        <Button variant="outline" size="sm" onClick={() => onChange(withoutFilters)} alignSelf="flex-start">
          Szűrők törlése
        </Button>
      )}
    </Stack>
  );
}

function MobileFilters({
  data,
  search,
  onChange,
  resultText,
}: {
  data: TProductFiltersOutput;
  search: ListingSearch;
  onChange: ChangeSearch;
  /** The listing's count ("1–24 / 56 termék"), heard inside the sheet as the page's own is not. */
  resultText: string;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // The sheet opens at once and its filters follow in the next, interruptible render: on a phone the
  // dozens of checkboxes took a few hundred milliseconds, and the tap showed nothing until they were done.
  const filtersShown = useDeferredValue(open);
  useHidePageBehind(open);
  const count =
    Object.values(parsePropertyFilters(search.f)).reduce((sum, ids) => sum + ids.length, 0) +
    (search.stock ? 1 : 0) +
    (search.rating !== undefined ? 1 : 0) +
    (search.min !== undefined || search.max !== undefined ? 1 : 0);
  return (
    <>
      {/* Not the drawer's own trigger, which opens it inside the tap: drawing the sheet (and its
          first styles) there held a phone's next frame for 200 ms. It is drawn in a transition after
          the tap has painted. */}
      <Button
        ref={trigger}
        variant="outline"
        size="sm"
        hideFrom="lg"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() =>
          startTransition(() => {
            setOpened(true);
            setOpen(true);
          })
        }
      >
        <LuSlidersHorizontal /> Szűrők{count > 0 && ` (${count})`}
      </Button>
      {/* Drawn once first opened. Ark's portal draws in place while the page hydrates, as on the server,
          and moves into <body> in a synchronous render right after; that render took the rest of the
          page's hydration with it, one task of 7–10 ms here, a long one on a phone. */}
      {opened && (
        <Drawer.Root
          open={open}
          onOpenChange={(details) => setOpen(details.open)}
          placement="bottom"
          finalFocusEl={() => trigger.current}
          {...PHONE_SHEET_ROOT}
        >
          <Portal>
            <Drawer.Backdrop {...PHONE_SHEET_OUTSIDE} />
            <Drawer.Positioner {...PHONE_SHEET_OUTSIDE}>
              <Drawer.Content maxH="85dvh" borderTopRadius="l3" {...PHONE_SHEET_CONTENT}>
                <Drawer.Header borderBottomWidth="1px">
                  <Drawer.Title>Szűrők</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body py="4">
                  {/* The open sheet is modal: screen readers hear nothing outside it, the page's count
                      included, so a tick's new count is announced from here (the footer shows it). */}
                  <VisuallyHidden role="status">{resultText}</VisuallyHidden>
                  {filtersShown ? (
                    <FiltersPanel data={data} search={search} onChange={onChange} />
                  ) : (
                    <FiltersSkeleton />
                  )}
                </Drawer.Body>
                <Drawer.Footer borderTopWidth="1px">
                  <Button colorPalette="brand" w="full" onClick={() => setOpen(false)}>
                    {formatNumber(data.total)} termék mutatása
                  </Button>
                </Drawer.Footer>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Szűrők bezárása" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
    </>
  );
}

/**
 * The number of products found, in a polite live region. A screen reader announces what changes in a
 * region it already knows, not a region that arrives with its text, and a new search draws a new list
 * (its page is keyed by the query): drawn in the browser, the region starts empty and the count is
 * written two frames later. Hydrating the server's page it shows the count at once, as the server did.
 */
function ResultCount({ text }: { text: string }) {
  // Not a store whose server value differs from the browser's: React renders such a store again
  // right after hydration, synchronously, and that render finished the page's hydration in one task.
  const [shown, setShown] = useState(() => !isAwake());
  useEffect(() => {
    requestAnimationFrame(() => requestAnimationFrame(() => setShown(true)));
  }, []);
  return (
    <Text color="fg.muted" fontSize="sm" role="status">
      {shown && text}
    </Text>
  );
}

type ListingProps = {
  scope: ListingScope;
  search: ListingSearch;
  emptyText?: string;
  /** More help under the empty list's text, from the answer (the search page's suggestions). */
  emptyHelp?: (data: TProductFiltersOutput) => ReactNode;
};

/**
 * A product grid with facet filters, sort and paging, all kept in the URL: the category pages,
 * /product, /search and /featured. The router commits a new address in a synchronous render (its
 * state is an external store), and drawing the listing there (two dozen cards, the sheet's
 * checkboxes) held a phone's main thread for half a second in one task, so a second tap waited for
 * it. The listing follows the address as a deferred value instead: React draws it in slices, and
 * the page answers in between.
 */
export function ProductListing({ search, ...props }: ListingProps) {
  return <ListingBody search={useDeferredValue(search)} {...props} />;
}

const sameScope = (a: ListingScope, b: ListingScope) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([key, value]) => (b as Record<string, unknown>)[key] === value);

/**
 * Drawn again only for another address, scope or text: the pages make their scope and their
 * `emptyHelp` anew on every render, and `emptyHelp` only draws the answer it is given.
 */
const ListingBody = memo(
  function ListingBody({
    scope,
    search,
    emptyText = 'Nincs a szűrésnek megfelelő termék.',
    emptyHelp,
  }: ListingProps) {
    const trpc = useTRPC();
    const navigate = useNavigate();
    const top = useRef<HTMLDivElement>(null);
    const { data } = useSuspenseQuery(productFiltersOptions(trpc, filtersInput(scope, search)));
    const page = search.page ?? 1;
    // The sidebar's dozens of checkboxes are drawn only on a screen that shows the sidebar. A phone,
    // which has them in the filter sheet, hydrated them all hidden: a long task of its start-up.
    const wideScreen = useMediaQuery(WIDE_SCREEN);

    const onChange: ChangeSearch = (update, options) => {
      // Applied to the address as it is by then, not as this render drew it: a sort and then a page,
      // or two ticks, tapped before the list has re-rendered all count, the second does not undo the first.
      void navigate({
        to: '.',
        search: update as never,
        resetScroll: false,
        replace: false,
      });
      if (options?.scrollToTop) top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    };
    const first = data.total === 0 ? 0 : (page - 1) * LISTING_PAGE_SIZE + 1;
    const last = Math.min(page * LISTING_PAGE_SIZE, data.total);
    // A page number past the last page (an old link, a typed ?page=99) lists nothing of a list that exists.
    const pastTheEnd = data.total > 0 && data.items.length === 0;
    const resultText =
      data.total === 0
        ? 'Nincs találat'
        : pastTheEnd
          ? `${formatNumber(data.total)} termék`
          : `${formatNumber(first)}–${formatNumber(last)} / ${formatNumber(data.total)} termék`;

    return (
      <Grid
        ref={top}
        templateColumns={{ base: 'minmax(0, 1fr)', lg: '15rem minmax(0, 1fr)' }}
        gap={{ base: '4', lg: '8' }}
        alignItems="start"
        scrollMarginTop="40"
      >
        <Box as="aside" aria-label="Szűrők" hideBelow="lg" pe="2">
          <Heading as="h2" size="md" mb="4">
            Szűrők
          </Heading>
          {wideScreen ? (
            <FiltersPanel data={data} search={search} onChange={onChange} />
          ) : (
            <FiltersSkeleton />
          )}
        </Box>
        <Stack gap="4" minW="0">
          <Flex align="center" justify="space-between" gap="3" wrap="wrap">
            <ResultCount text={resultText} />
            <Flex gap="2" align="center">
              <MobileFilters data={data} search={search} onChange={onChange} resultText={resultText} />
              <NativeSelect.Root size="sm" width="auto">
                <NativeSelect.Field
                  aria-label="Rendezés"
                  value={search.sort ?? 'relevance'}
                  onChange={(event) => {
                    const sort =
                      event.target.value === 'relevance' ? undefined : (event.target.value as TProductSort);
                    onChange((current) => ({ ...current, sort, page: undefined }));
                  }}
                >
                  {SORT_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Flex>
          </Flex>
          <FilterChips search={search} facets={data.facets.properties} onChange={onChange} />
          {data.items.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3" bg="shop.surface">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <LuSearchX />
                </EmptyState.Indicator>
                <EmptyState.Title>
                  {pastTheEnd
                    ? `Ez az oldal üres: a lista ${formatNumber(page)}. oldala már nem létezik.`
                    : emptyText}
                </EmptyState.Title>
                {pastTheEnd ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      onChange((current) => ({ ...current, page: undefined }), { scrollToTop: true })
                    }
                  >
                    Az első oldalra
                  </Button>
                ) : (
                  emptyHelp?.(data)
                )}
                {!pastTheEnd && hasActiveFilters(search) && (
                  <Button variant="outline" size="sm" onClick={() => onChange(withoutFilters)}>
                    Szűrők törlése
                  </Button>
                )}
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <SimpleGrid
              as="ul"
              listStyleType="none"
              columns={{ base: 2, md: 3, lg: 4 }}
              gap={{ base: '3', md: '4' }}
            >
              {data.items.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} eager={index < 4} />
                </li>
              ))}
            </SimpleGrid>
          )}
          <Flex justify="center" pt="2">
            <PageButtons
              page={page}
              pageSize={LISTING_PAGE_SIZE}
              total={data.total}
              onPageChange={(next) =>
                onChange((current) => ({ ...current, page: next > 1 ? next : undefined }), {
                  scrollToTop: true,
                })
              }
            />
          </Flex>
        </Stack>
      </Grid>
    );
  },
  (before, after) =>
    before.search === after.search &&
    before.emptyText === after.emptyText &&
    sameScope(before.scope, after.scope),
);
