import { Badge, Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { REVIEW_POLICY_PAGE_SLUG, VERIFIED_BUYER_LABEL } from '@shop/api/schemas/review-labels';
import { formatDate } from '@shop/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LuBadgeCheck } from 'react-icons/lu';
import { PageButtons } from '../../components/pagination';
import { useTRPC } from '../../lib/trpc';
import { productReviewsOptions } from './reviews-queries';
import { formatRating, ReviewStars } from './reviews-stars';

/**
 * The product's approved reviews under its description: the average and the count, a page of reviews
 * with the shop's answers, and the link to how reviews are checked, which Hungarian rules on consumer
 * reviews ask the shop to publish. A server-rendered page has the first page (product-page-data.ts).
 */
export function ProductReviews({ productId }: { productId: number }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const { data } = useQuery({
    ...productReviewsOptions(trpc, productId, page),
    placeholderData: keepPreviousData,
  });
  if (!data) return null;
  const { summary } = data;

  return (
    <Box as="section" aria-labelledby="ertekelesek" mt={{ base: '2', md: '6' }}>
      <Flex justify="space-between" align="baseline" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" id="ertekelesek" size="lg">
          Értékelések
        </Heading>
        <Link to="/page/$slug" params={{ slug: REVIEW_POLICY_PAGE_SLUG }}>
          <Text as="span" fontSize="sm" color="brand.fg" textDecoration="underline">
            Hogyan ellenőrizzük az értékeléseket?
          </Text>
        </Link>
      </Flex>
      {summary.average === null ? (
        <Text color="fg.muted">
          Ehhez a termékhez még nincs értékelés. Aki megvásárolta, a teljesített rendelése oldaláról
          értékelheti.
        </Text>
      ) : (
        <Stack gap="4">
          <Flex align="center" gap="3" wrap="wrap">
            <Text fontSize="3xl" fontWeight="bold" lineHeight="1">
              {formatRating(summary.average)}
            </Text>
            <ReviewStars rating={summary.average} size="5" />
            <Text color="fg.muted">{summary.count} értékelés alapján</Text>
          </Flex>
          <Stack as="ul" listStyleType="none" gap="0" aria-label="Vásárlói értékelések">
            {data.items.map((review) => (
              <Box as="li" key={review.id} py="4" borderTopWidth="1px">
                <Flex align="center" gap="2" wrap="wrap">
                  <ReviewStars rating={review.rating} />
                  {review.title && <Text fontWeight="semibold">{review.title}</Text>}
                </Flex>
                <Flex align="center" gap="2" wrap="wrap" mt="1" fontSize="sm" color="fg.muted">
                  <Text>{review.authorName}</Text>
                  {review.verified && (
                    <Badge colorPalette="green" variant="subtle">
                      <LuBadgeCheck aria-hidden="true" />
                      {VERIFIED_BUYER_LABEL}
                    </Badge>
                  )}
                  <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                </Flex>
                <Text mt="2" whiteSpace="pre-wrap">
                  {review.body}
                </Text>
                {review.answer && (
                  <Box
                    mt="3"
                    ms={{ base: '3', md: '6' }}
                    ps="3"
                    borderStartWidth="3px"
                    borderColor="brand.solid"
                  >
                    <Text fontSize="sm" fontWeight="semibold">
                      A bolt válasza
                    </Text>
                    <Text fontSize="sm" whiteSpace="pre-wrap">
                      {review.answer}
                    </Text>
                  </Box>
                )}
              </Box>
            ))}
          </Stack>
          <PageButtons page={data.page} pageSize={data.pageSize} total={data.total} onPageChange={setPage} />
        </Stack>
      )}
    </Box>
  );
}
