import { Button, Flex } from '@chakra-ui/react';
import type { TFacet } from '@shop/api/schemas';
import { useEffect, useRef } from 'react';
import { LuX } from 'react-icons/lu';
import { activeFilters, withoutFilters } from './active-filters';
import type { ListingSearch, SearchUpdate } from './listing-search';

/**
 * The filters in force above the product grid, each a button that removes just that filter, and
 * "Összes szűrő törlése" from two on. Focus moves to the chip that took the removed one's place, so a
 * keyboard user can clear several in a row.
 */
export function FilterChips({
  search,
  facets,
  onChange,
}: {
  search: ListingSearch;
  facets: TFacet[];
  onChange: (update: SearchUpdate) => void;
}) {
  const chips = activeFilters(search, facets);
  const list = useRef<HTMLDivElement>(null);
  const focusAfterRemoval = useRef<number | null>(null);

  const chipKeys = chips.map((chip) => chip.key).join('|');
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null || !chipKeys) return;
    focusAfterRemoval.current = null;
    const buttons = list.current?.querySelectorAll('button');
    if (buttons && buttons.length > 0) buttons[Math.min(index, buttons.length - 1)]?.focus();
  }, [chipKeys]);

  if (chips.length === 0) return null;
  return (
    <Flex
      as="ul"
      ref={list}
      aria-label="Aktív szűrők"
      listStyleType="none"
      gap="2"
      wrap="wrap"
      align="center"
    >
      {chips.map((chip, index) => (
        <li key={chip.key}>
          <Button
            size="xs"
            variant="subtle"
            colorPalette="brand"
            borderRadius="full"
            ps="3"
            pe="2"
            maxW="full"
            h="auto"
            minH="7"
            py="1"
            whiteSpace="normal"
            textAlign="start"
            aria-label={chip.name}
            onClick={() => {
              focusAfterRemoval.current = index;
              onChange(chip.remove);
            }}
          >
            <span>{chip.label}</span>
            <LuX aria-hidden="true" />
          </Button>
        </li>
      ))}
      {chips.length >= 2 && (
        <li>
          <Button
            size="xs"
            variant="plain"
            color="brand.fg"
            textDecoration="underline"
            px="1"
            onClick={() => onChange(withoutFilters)}
          >
            Összes szűrő törlése
          </Button>
        </li>
      )}
    </Flex>
  );
}
