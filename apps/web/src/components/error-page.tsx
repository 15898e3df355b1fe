import { Button, Container, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isChunkLoadError, reloadOnceAfterChunkError } from '../lib/chunk-reload';

/** The generic page for errors nothing else handled; it never shows internals (ARCHITECTURE.md, "Errors"). */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const chunkError = isChunkLoadError(error);
  const [reloading, setReloading] = useState(chunkError);

  useEffect(() => {
    if (chunkError) setReloading(reloadOnceAfterChunkError());
  }, [chunkError]);

  if (reloading) return null;

  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <VStack gap="5" textAlign="center" role="alert">
        <Heading as="h1" size="2xl">
          Hoppá, valami elromlott
        </Heading>
        <Text color="fg.muted" maxW="md">
          {chunkError
            ? 'Az oldal egy része nem töltődött be. Ellenőrizd az internetkapcsolatot, majd töltsd újra az oldalt.'
            : 'Váratlan hiba történt. Kérjük, próbáld újra később! Ha a hiba továbbra is fennáll, írj az ügyfélszolgálatnak.'}
        </Text>
        <HStack gap="3" flexWrap="wrap" justify="center">
          <Button colorPalette="brand" onClick={() => (chunkError ? window.location.reload() : reset())}>
            Újrapróbálom
          </Button>
          <Button asChild variant="outline">
            <a href="/">Vissza a főoldalra</a>
          </Button>
        </HStack>
      </VStack>
    </Container>
  );
}
