import { Box, IconButton, Input, VisuallyHidden } from '@chakra-ui/react';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { LuSearch } from 'react-icons/lu';

/** Spec §2 search-query: the box sends the shopper to /search/{query}. */
export function SearchBox() {
  const router = useRouter();
  const [query, setQuery] = useState('');
  const inputId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) return;
    void router.navigate({ href: `/search/${encodeURIComponent(trimmed)}` });
  };

  return (
    <Box as="form" role="search" onSubmit={onSubmit} position="relative" width="full">
      <VisuallyHidden asChild>
        <label htmlFor={inputId}>Keresés a webáruházban</label>
      </VisuallyHidden>
      <Input
        id={inputId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Mit keresel?"
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
    </Box>
  );
}
