import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AdminPanel } from '../admin/admin-page';

/** One titled panel of the product form. */
export function ProductSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <AdminPanel p={{ base: '4', md: '6' }}>
      <Stack gap="4">
        <Box>
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {description && (
            <Text fontSize="sm" color="fg.muted" mt="1">
              {description}
            </Text>
          )}
        </Box>
        {children}
      </Stack>
    </AdminPanel>
  );
}
