import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';

/** The frame of the one-form shop screens (registration, new password): breadcrumb, title, white card. */
export function AuthCard({
  title,
  description,
  maxW = 'xl',
  children,
}: {
  title: string;
  description?: ReactNode;
  maxW?: string;
  children: ReactNode;
}) {
  return (
    <Container maxW={maxW} py={{ base: '5', md: '10' }}>
      <title>{pageTitle(title)}</title>
      <Stack gap="5">
        <PageBreadcrumb entries={[{ key: 'auth', label: title }]} />
        <Box
          bg="shop.surface"
          borderWidth="1px"
          borderRadius="l3"
          boxShadow="xs"
          px={{ base: '4', md: '10' }}
          py={{ base: '6', md: '9' }}
        >
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
            {title}
          </Heading>
          {description && (
            <Text mt="2" color="fg.muted">
              {description}
            </Text>
          )}
          <Box mt="7">{children}</Box>
        </Box>
      </Stack>
    </Container>
  );
}
