import { Box, IconButton, Input, VisuallyHidden } from '@chakra-ui/react';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { QuickSearchOption } from '../search/quick-search-results';
import { SEARCH_FORM_FIELD, searchHref } from '../search/search-text';

// The suggestions (and their query) load on first focus: the first paint needs only the box.
const loadResults = () => import('../search/quick-search-results');
const QuickSearchResults = lazy(() =>
  loadResults().then((module) => ({ default: module.QuickSearchResults })),
);

/** Suggestions start at this many characters. */
const MIN_QUERY = 2;

/**
 * Route search-query (README.md, "Routes"): the box sends the shopper to /search/{query}; while typing it
 * suggests products and categories (product.quicksearch). The WAI-ARIA combobox pattern: arrows move, Enter
 * opens, Escape closes.
 */
export function SearchBox() {
  const router = useRouter();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), 200);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useRef<QuickSearchOption[]>([]);
  const root = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const listId = useId();

  const showList = open && debounced.length >= MIN_QUERY;

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    void router.navigate({ href });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = showList ? options.current[active] : undefined;
    if (chosen) return go(chosen.href);
    const trimmed = query.trim();
    if (trimmed) go(searchHref(trimmed));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.current.length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (count > 0) setActive((index) => (index + 1) % count);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (count > 0) setActive((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Escape') {
      if (showList) event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Box asChild position="relative" width="full">
      {/* A real address, so a search sent before the app wakes up (or without JavaScript) still arrives. */}
      {/* biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark, no wrapper needed */}
      <form
        ref={root}
        role="search"
        action="/search"
        method="get"
        onSubmit={onSubmit}
        onBlur={(event) => {
          if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <VisuallyHidden asChild>
          <label htmlFor={inputId}>Keresés a webáruházban</label>
        </VisuallyHidden>
        <Input
          id={inputId}
          name={SEARCH_FORM_FIELD}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            void loadResults();
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          placeholder="Mit keresel? Például: bögre"
          bg="bg.subtle"
          borderColor="border"
          borderRadius="full"
          size={{ base: 'md', md: 'lg' }}
          pe="12"
          _focusVisible={{ bg: 'white', borderColor: 'brand.solid', outlineColor: 'brand.focusRing' }}
        />
        <IconButton
          type="submit"
          aria-label="Keresés"
          position="absolute"
          insetEnd="1"
          top="50%"
          transform="translateY(-50%)"
          size={{ base: 'sm', md: 'md' }}
          borderRadius="full"
          colorPalette="brand"
        >
          <LuSearch />
        </IconButton>
        {showList && (
          <Suspense fallback={null}>
            <QuickSearchResults
              query={debounced}
              listId={listId}
              active={active}
              onOptions={(next) => {
                options.current = next;
              }}
              onChoose={go}
              onSearchAll={() => go(searchHref(debounced))}
            />
          </Suspense>
        )}
      </form>
    </Box>
  );
}
