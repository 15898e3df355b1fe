import { Box, Circle, Flex, Heading, Text } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

/** One numbered block of the checkout; a region named by its title, so each can be found and changed. */
export function CheckoutSection({
  step,
  title,
  description,
  error,
  children,
}: {
  step: number;
  title: string;
  description?: ReactNode;
  /** A message about the whole block (no method chosen, an address the server asks for). */
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="shop.surface"
      borderWidth="1px"
      borderColor={error ? 'red.300' : undefined}
      borderRadius="l3"
      boxShadow="xs"
      p={{ base: '4', md: '6' }}
      scrollMarginTop="24"
      data-invalid={error ? '' : undefined}
    >
      <Flex gap="3" align="center" mb={description ? '1' : '4'}>
        <Circle
          size="7"
          bg="brand.solid"
          color="brand.contrast"
          fontSize="sm"
          fontWeight="bold"
          flexShrink={0}
          aria-hidden="true"
        >
          {step}
        </Circle>
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
      </Flex>
      {description && (
        <Text fontSize="sm" color="fg.muted" mb="4" ms={{ md: '10' }}>
          {description}
        </Text>
      )}
      {error && (
        <Text role="alert" color="fg.error" fontSize="sm" mb="3">
          {error}
        </Text>
      )}
      {children}
    </Box>
  );
}
