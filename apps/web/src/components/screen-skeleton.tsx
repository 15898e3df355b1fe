import { Box, Container, Stack } from '@chakra-ui/react';

/** A grey block the size of what comes: plain boxes, as this is on every page's first load. */
const GreyBlock = ({ h, w }: { h: string; w?: Record<string, string> }) => (
  <Box h={h} w={w} bg="bg.emphasized" borderRadius="l2" />
);

/**
 * The place of a screen whose content comes from this browser (the cart, the checkout, the account):
 * the server paints the shop around it, and the screen takes its place once the app has woken up.
 */
export function ScreenSkeleton() {
  return (
    <Container maxW="7xl" py={{ base: '4', md: '8' }}>
      <Stack gap="4" aria-busy="true" aria-label="Az oldal betöltése">
        <GreyBlock h="9" w={{ base: '60%', md: '40%' }} />
        <GreyBlock h="24" />
        <GreyBlock h="24" />
        <GreyBlock h="24" />
      </Stack>
    </Container>
  );
}
