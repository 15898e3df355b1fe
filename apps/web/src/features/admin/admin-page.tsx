import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Common frame of an admin screen: title, optional description and actions, then the content. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="6xl" mx="auto">
      <title>{`${title} | Kék Bögre admin`}</title>
      <Flex
        align={{ base: 'stretch', md: 'flex-end' }}
        justify="space-between"
        gap="3"
        direction={{ base: 'column', md: 'row' }}
      >
        <Box>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="-0.01em">
            {title}
          </Heading>
          {description && (
            <Text mt="1" color="fg.muted" fontSize="sm">
              {description}
            </Text>
          )}
        </Box>
        {actions && (
          <Flex gap="2" wrap="wrap">
            {actions}
          </Flex>
        )}
      </Flex>
      {children}
    </Stack>
  );
}

/** A white panel for tables and forms. */
export function AdminPanel({ children, ...rest }: { children: ReactNode } & Parameters<typeof Box>[0]) {
  return (
    <Box bg="white" borderWidth="1px" borderRadius="l3" boxShadow="xs" {...rest}>
      {children}
    </Box>
  );
}

/** The linked name in the first column of an admin table: bold, underlined on hover. */
export function RowTitle({ children, lineClamp }: { children: ReactNode; lineClamp?: number }) {
  return (
    <Text
      as="span"
      fontWeight="medium"
      lineClamp={lineClamp}
      _hover={{ color: 'brand.fg', textDecoration: 'underline' }}
    >
      {children}
    </Text>
  );
}
