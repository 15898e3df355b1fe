import { Box, Button, Card, Flex, Heading, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { formatNumber } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuFileText, LuFolderTree } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { AdminPage } from './admin-page';
import { ADMIN_SECTION_GROUPS } from './sections';

/** /admin/dashboard: real counts of what can be managed today, and the road map of the other sections. */
export function DashboardPage() {
  const trpc = useTRPC();
  const { data: categories } = useSuspenseQuery(trpc.category.findAll.queryOptions({ page: 1, pageSize: 1 }));
  const { data: pages } = useSuspenseQuery(trpc.page.list.queryOptions());
  const published = pages.filter((page) => page.published).length;
  const pending = ADMIN_SECTION_GROUPS.flatMap((group) => group.sections).filter(
    (section) => !section.available,
  );

  return (
    <AdminPage title="Vezérlőpult" description="Üdv újra! Innen éred el a webáruház kezelését.">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Card.Root>
          <Card.Body gap="4">
            <Flex align="center" gap="3" color="brand.fg">
              <LuFolderTree size="22" />
              <Heading as="h2" size="md" color="fg">
                Kategóriák
              </Heading>
            </Flex>
            <Stat.Root>
              <Stat.Label>Összes kategória</Stat.Label>
              <Stat.ValueText>{formatNumber(categories.total)}</Stat.ValueText>
            </Stat.Root>
            <Button asChild colorPalette="brand" variant="subtle" alignSelf="flex-start" size="sm">
              <Link to="/admin/catalog/categories">Kategóriák kezelése</Link>
            </Button>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body gap="4">
            <Flex align="center" gap="3" color="brand.fg">
              <LuFileText size="22" />
              <Heading as="h2" size="md" color="fg">
                Oldalak
              </Heading>
            </Flex>
            <Stat.Root>
              <Stat.Label>Közzétett / összes oldal</Stat.Label>
              <Stat.ValueText>
                {formatNumber(published)} / {formatNumber(pages.length)}
              </Stat.ValueText>
            </Stat.Root>
            <Button asChild colorPalette="brand" variant="subtle" alignSelf="flex-start" size="sm">
              <Link to="/admin/other/page">Oldalak kezelése</Link>
            </Button>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <Box>
        <Heading as="h2" size="md" mb="1">
          Később érkező funkciók
        </Heading>
        <Text fontSize="sm" color="fg.muted" mb="3">
          Ezek a menüpontok már láthatók, de a képernyőik a következő fejlesztési lépésekben készülnek el.
        </Text>
        <Flex gap="2" wrap="wrap">
          {pending.map((section) => (
            <Flex
              key={section.path}
              align="center"
              gap="1.5"
              fontSize="sm"
              bg="white"
              borderWidth="1px"
              borderRadius="full"
              px="3"
              py="1"
              color="fg.muted"
            >
              <section.icon aria-hidden="true" />
              {section.label}
            </Flex>
          ))}
        </Flex>
      </Box>
    </AdminPage>
  );
}
