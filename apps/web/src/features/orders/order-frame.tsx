import { Box, Container, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';

/** The narrow white card the result screens of an order (paying, thanks, failure) sit in. */
export function OrderResultFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxW="3xl" py={{ base: '5', md: '10' }}>
      <title>{pageTitle(title)}</title>
      <Stack gap="5">
        <PageBreadcrumb entries={[{ key: 'order', label: title }]} />
        <Box
          bg="shop.surface"
          borderWidth="1px"
          borderRadius="l3"
          boxShadow="xs"
          px={{ base: '5', md: '10' }}
          py={{ base: '7', md: '10' }}
        >
          {children}
        </Box>
      </Stack>
    </Container>
  );
}
