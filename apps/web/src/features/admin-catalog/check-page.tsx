import { Badge, Card, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import type { TProductQualityCheck } from '@shop/api/schemas';
import { formatNumber } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LuCircleAlert, LuCircleCheck } from 'react-icons/lu';
import { AppLink } from '../../components/app-link';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { AdminPage } from '../admin/admin-page';

/** The spec's own list URLs where they exist; the other checks have their list under /admin/catalog/check/. */
export const QUALITY_LIST_PATHS: Record<TProductQualityCheck, string> = {
  'missing-description': '/admin/catalog/products/missingdescription',
  'missing-image': '/admin/catalog/products/missingimage',
  'non-unique-url': '/admin/catalog/products/nonuniqueurl',
  'no-category': '/admin/catalog/check/no-category',
  'no-property-values': '/admin/catalog/check/no-property-values',
  'no-stock-but-enabled': '/admin/catalog/check/no-stock-but-enabled',
  'rising-tier-prices': '/admin/catalog/check/rising-tier-prices',
  'duplicate-external-code': '/admin/catalog/check/duplicate-external-code',
  'variant-missing-image': '/admin/catalog/check/variant-missing-image',
  'variant-missing-price': '/admin/catalog/check/variant-missing-price',
};

/** /admin/catalog/check: every data-quality check with its count and a link to its list. */
export function CheckPage() {
  const trpc = useTRPC();
  const { data: checks } = useSuspenseQuery(
    trpc.product.qualitySummary.queryOptions(undefined, { select: selectItems }),
  );
  const problems = checks.filter((check) => check.count > 0).length;

  return (
    <AdminPage
      title="Katalógus-ellenőrzés"
      description={
        problems === 0 ? 'Minden ellenőrzés rendben van.' : `${problems} ellenőrzés talált javítanivalót.`
      }
    >
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4">
        {checks.map((check) => {
          const ok = check.count === 0;
          return (
            <Card.Root
              key={check.check}
              asChild
              variant="outline"
              bg="white"
              _hover={{ borderColor: 'brand.emphasized', boxShadow: 'sm' }}
            >
              <AppLink href={QUALITY_LIST_PATHS[check.check]}>
                <Card.Body gap="3">
                  <Flex align="center" justify="space-between" gap="2">
                    <Flex color={ok ? 'green.600' : 'orange.600'} fontSize="xl" aria-hidden="true">
                      {ok ? <LuCircleCheck /> : <LuCircleAlert />}
                    </Flex>
                    <Badge colorPalette={ok ? 'green' : 'orange'} size="lg">
                      {formatNumber(check.count)}
                    </Badge>
                  </Flex>
                  <Text fontWeight="semibold">{check.title}</Text>
                  <Text fontSize="sm" color="brand.fg">
                    Lista megnyitása →
                  </Text>
                </Card.Body>
              </AppLink>
            </Card.Root>
          );
        })}
      </SimpleGrid>
    </AdminPage>
  );
}
