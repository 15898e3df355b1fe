import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One titled block of the account screens. */
export function SectionCard({
  title,
  description,
  actions,
  tone,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  tone?: 'danger';
  children?: ReactNode;
}) {
  return (
    <Box
      as="section"
      aria-label={title}
      bg="shop.surface"
      borderWidth="1px"
      borderColor={tone === 'danger' ? 'red.200' : undefined}
      borderRadius="l3"
      boxShadow="xs"
      p={{ base: '4', md: '6' }}
    >
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap" mb={children ? '5' : '0'}>
        <Box>
          <Heading as="h2" size="lg" color={tone === 'danger' ? 'red.700' : undefined}>
            {title}
          </Heading>
          {description && (
            <Text mt="1" fontSize="sm" color="fg.muted" maxW="2xl">
              {description}
            </Text>
          )}
        </Box>
        {actions}
      </Flex>
      {children}
    </Box>
  );
}
