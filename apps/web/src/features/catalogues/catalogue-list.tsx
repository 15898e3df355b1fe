import {
  Box,
  Button,
  Heading,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import type { TCatalogue } from '@shop/api/schemas';
import { useQuery } from '@tanstack/react-query';
import { LuBookOpen, LuExternalLink } from 'react-icons/lu';
import { HtmlContent } from '../../components/html-content';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { catalogueValidityText, pdfSizeText } from './catalogue-validity';

function CatalogueCard({ catalogue }: { catalogue: TCatalogue & { file: NonNullable<TCatalogue['file']> } }) {
  return (
    <Stack as="li" gap="3" borderWidth="1px" borderRadius="l3" bg="shop.surface" p="3" listStyleType="none">
      <Box aspectRatio={1 / Math.SQRT2} borderRadius="l2" overflow="hidden" bg="bg.subtle" borderWidth="1px">
        {catalogue.cover ? (
          <Image
            src={catalogue.cover.card}
            alt={`${catalogue.title} – borító`}
            w="full"
            h="full"
            objectFit="cover"
            loading="lazy"
          />
        ) : (
          <Box
            h="full"
            display="flex"
            alignItems="center"
            justifyContent="center"
            color="fg.muted"
            fontSize="4xl"
          >
            <LuBookOpen aria-hidden="true" />
          </Box>
        )}
      </Box>
      <Stack gap="1" flex="1">
        <Heading as="h3" size="md">
          {catalogue.title}
        </Heading>
        {catalogue.body && <HtmlContent html={catalogue.body} fontSize="sm" color="fg.muted" />}
        <Text fontSize="sm">{catalogueValidityText(catalogue)}</Text>
        <Text fontSize="xs" color="fg.muted">
          {pdfSizeText(catalogue.pageCount, catalogue.file.sizeBytes)}
        </Text>
      </Stack>
      <Button asChild colorPalette="brand" size="sm">
        <a href={catalogue.file.url} target="_blank" rel="noopener">
          Megnyitás
          <VisuallyHidden>: {catalogue.title} (PDF, új lapon)</VisuallyHidden>
          <LuExternalLink aria-hidden="true" />
        </a>
      </Button>
    </Stack>
  );
}

/**
 * The catalogues shoppers may open now (the static page /page/katalogusok), each opening in the browser's
 * PDF viewer.
 */
export default function CatalogueList() {
  const trpc = useTRPC();
  const { data, isPending, isError } = useQuery(
    trpc.catalogue.list.queryOptions(undefined, { select: selectItems, staleTime: 60_000 }),
  );
  const catalogues = (data ?? []).filter(
    (catalogue): catalogue is TCatalogue & { file: NonNullable<TCatalogue['file']> } =>
      catalogue.file !== null,
  );

  return (
    <Box as="section" aria-labelledby="catalogue-list-heading" mt="8">
      <Heading id="catalogue-list-heading" as="h2" size="xl" mb="4">
        Érvényes katalógusaink
      </Heading>
      {isPending ? (
        <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
          <Skeleton h="xs" />
          <Skeleton h="xs" hideBelow="sm" />
        </SimpleGrid>
      ) : isError ? (
        <Text color="fg.error">A katalógusok most nem tölthetők be. Próbáld újra később.</Text>
      ) : catalogues.length === 0 ? (
        <Text color="fg.muted">Jelenleg nincs érvényes katalógusunk.</Text>
      ) : (
        <SimpleGrid as="ul" columns={{ base: 1, sm: 2, md: 3 }} gap="4" p="0" m="0">
          {catalogues.map((catalogue) => (
            <CatalogueCard key={catalogue.id} catalogue={catalogue} />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
