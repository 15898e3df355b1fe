import { Box, Flex, Text } from '@chakra-ui/react';

const STEPS = ['Feltöltés', 'Hozzárendelés', 'Próba', 'Importálás'] as const;

/** Where the owner is in the import: the four steps, the current one marked (its name only on wider screens for the rest). */
export function ImportSteps({ current }: { current: number }) {
  return (
    <Flex
      as="ol"
      listStyleType="none"
      gap={{ base: '1.5', md: '3' }}
      align="center"
      aria-label="Az import lépései"
    >
      {STEPS.map((label, index) => {
        const step = index + 1;
        const active = step === current;
        return (
          <Flex
            as="li"
            key={label}
            align="center"
            gap="1.5"
            flex="0 1 auto"
            minW="0"
            aria-current={active ? 'step' : undefined}
          >
            <Box
              flexShrink={0}
              boxSize="6"
              borderRadius="full"
              display="grid"
              placeItems="center"
              fontSize="xs"
              fontWeight="bold"
              bg={step <= current ? 'brand.solid' : 'bg.muted'}
              color={step <= current ? 'brand.contrast' : 'fg.muted'}
            >
              {step}
            </Box>
            <Text
              fontSize="sm"
              fontWeight={active ? 'semibold' : 'normal'}
              color={active ? 'fg' : 'fg.muted'}
              hideBelow={active ? undefined : 'md'}
              truncate
            >
              {label}
            </Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
