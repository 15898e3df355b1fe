import { Badge, Code, Container, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import {
  CAROUSEL_INTERVAL_MS,
  formatDateTime,
  formatPrice,
  MENU_MAX_HEIGHT,
  NOTIFICATION_TIMEOUT_MS,
} from '@shop/ui';
import { createLazyFileRoute } from '@tanstack/react-router';
import { pageTitle } from '../../lib/shop-info';

/**
 * The specification asks for "a test page at /foo". It shows the interface defaults so a tester can check
 * them.
 */
export const Route = createLazyFileRoute('/_visitor-index/foo')({
  component: FooPage,
});

function FooPage() {
  const rows: [string, string][] = [
    ['Ár (12990)', formatPrice(12990)],
    ['Ár (1290)', formatPrice(1290)],
    ['Most (Europe/Budapest)', formatDateTime(new Date())],
    ['Értesítés időtartama', `${NOTIFICATION_TIMEOUT_MS} ms`],
    ['Körhinta váltási ideje', `${CAROUSEL_INTERVAL_MS} ms`],
    ['Menü maximális magassága', `${MENU_MAX_HEIGHT} px`],
  ];
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <title>{pageTitle('Tesztoldal')}</title>
      <Stack gap="4">
        <Badge alignSelf="flex-start" colorPalette="accent">
          Teszt
        </Badge>
        <Heading as="h1" size="2xl">
          Tesztoldal
        </Heading>
        <Text color="fg.muted">
          Ez az oldal a felület alapbeállításait mutatja; a vásárlók számára nincs rajta tartalom.
        </Text>
        <DataList.Root orientation="horizontal" bg="shop.surface" p="5" borderRadius="l3" borderWidth="1px">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="56">{label}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Code>{value}</Code>
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Stack>
    </Container>
  );
}
