import { Badge, Box, Button, Field, Flex, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import {
  REVIEW_ANSWER_MAX,
  REVIEW_STATUS_LABELS,
  type TAdminReview,
  type TReviewModerateInput,
  type TReviewStatus,
  VERIFIED_BUYER_LABEL,
} from '@shop/api/schemas';
import { formatDateTime } from '@shop/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { LuBadgeCheck, LuCheck, LuEyeOff, LuMessageSquareReply } from 'react-icons/lu';
import { ListPagination } from '../../components/pagination';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { useAdminAccess } from '../admin/use-access';
import { ReviewStars } from '../product/reviews-stars';
import type { ReviewListSearch } from './review-list-search';
import { ReviewRequestSettings } from './review-request-settings';

type Filter = TReviewStatus | 'all';

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'pending', label: REVIEW_STATUS_LABELS.pending },
  { value: 'approved', label: REVIEW_STATUS_LABELS.approved },
  { value: 'hidden', label: REVIEW_STATUS_LABELS.hidden },
  { value: 'all', label: 'Összes' },
];

const STATUS_COLOURS: Record<TReviewStatus, string> = {
  pending: 'orange',
  approved: 'green',
  hidden: 'gray',
};

/**
 * /admin/reviews: shoppers' reviews, the moderation queue first. Approving publishes a review on its
 * product's page, hiding withdraws it, and the answer shows under it there. Someone without
 * reviews:write sees the list without the buttons.
 */
export function ReviewsPage({ search }: { search: ReviewListSearch }) {
  const trpc = useTRPC();
  const navigate = useNavigate({ from: '/admin/reviews' });
  const filter: Filter = search.status ?? 'pending';
  const page = search.page ?? 1;
  const { data, isPending, error } = useQuery({
    ...trpc.review.list.queryOptions({ status: filter === 'all' ? undefined : filter, page }),
    placeholderData: keepPreviousData,
  });
  const mayModerate = useAdminAccess().may('reviews:write');

  return (
    <AdminPage
      title="Értékelések"
      description="A vásárlók termékértékelései. Csak a jóváhagyott értékelés jelenik meg a termék oldalán."
    >
      <Tabs.Root
        value={filter}
        onValueChange={({ value }) =>
          navigate({
            search: { status: value === 'pending' ? undefined : (value as Filter), page: undefined },
          })
        }
        variant="enclosed"
        size="sm"
      >
        <Tabs.List flexWrap="wrap" aria-label="Állapot szerint">
          {FILTERS.map((entry) => (
            <Tabs.Trigger key={entry.value} value={entry.value}>
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* A panel for every tab, so each tab's aria-controls names one; the chosen one holds the list. */}
        {FILTERS.map((entry) => (
          <Tabs.Content key={entry.value} value={entry.value} p="0" pt="4">
            {entry.value === filter && (
              <AdminPanel>
                {error ? (
                  <Text p="4" color="fg.error">
                    Az értékeléseket nem sikerült betölteni.
                  </Text>
                ) : isPending || !data ? (
                  <Text p="4" color="fg.muted">
                    Betöltés…
                  </Text>
                ) : data.items.length === 0 ? (
                  <Text p="4" color="fg.muted">
                    {filter === 'pending' ? 'Nincs moderálásra váró értékelés.' : 'Nincs ilyen értékelés.'}
                  </Text>
                ) : (
                  <>
                    <Stack as="ul" listStyleType="none" gap="0" aria-label="Értékelések">
                      {data.items.map((review) => (
                        <ReviewRow key={review.id} review={review} mayModerate={mayModerate} />
                      ))}
                    </Stack>
                    <ListPagination
                      unit="értékelés"
                      page={data.page}
                      pageSize={data.pageSize}
                      total={data.total}
                      onPageChange={(next) =>
                        navigate({
                          search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }),
                        })
                      }
                    />
                  </>
                )}
              </AdminPanel>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <ReviewRequestSettings mayEdit={mayModerate} />
    </AdminPage>
  );
}

function ReviewRow({ review, mayModerate }: { review: TAdminReview; mayModerate: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [answering, setAnswering] = useState(false);
  const moderate = useMutation(
    trpc.review.moderate.mutationOptions({
      meta: { errorTitle: 'Az értékelést nem sikerült módosítani.' },
      onSuccess: () => {
        setAnswering(false);
        return queryClient.invalidateQueries(trpc.review.pathFilter());
      },
    }),
  );
  const change = (input: Omit<TReviewModerateInput, 'id'>) => moderate.mutate({ id: review.id, ...input });
  const headingId = useId();

  return (
    <Box as="li" px={{ base: '3', md: '4' }} py="4" borderTopWidth="1px" _first={{ borderTopWidth: 0 }}>
      <Box as="article" aria-labelledby={headingId}>
        <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
          <Stack gap="1" minW="0">
            <Link to="/$" params={{ _splat: review.product.slug }} target="_blank">
              <Text id={headingId} fontWeight="semibold" color="brand.fg" textDecoration="underline">
                {review.product.title}
              </Text>
            </Link>
            <Flex align="center" gap="2" wrap="wrap">
              <ReviewStars rating={review.rating} />
              {review.title && <Text fontWeight="medium">{review.title}</Text>}
            </Flex>
          </Stack>
          <Badge colorPalette={STATUS_COLOURS[review.status]} variant="subtle" size="md">
            {REVIEW_STATUS_LABELS[review.status]}
          </Badge>
        </Flex>
        <Text mt="2" whiteSpace="pre-wrap">
          {review.body}
        </Text>
        <Flex mt="2" gap="2" wrap="wrap" align="center" fontSize="sm" color="fg.muted">
          <Text>{review.authorName}</Text>
          {review.verified && (
            <Badge colorPalette="green" variant="subtle">
              <LuBadgeCheck aria-hidden="true" />
              {VERIFIED_BUYER_LABEL}
            </Badge>
          )}
          {review.order && (
            <Link to="/admin/order/$id" params={{ id: String(review.order.id) }}>
              <Text as="span" textDecoration="underline">
                Rendelés {review.order.number}
              </Text>
            </Link>
          )}
          <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
        </Flex>
        {review.answer && !answering && (
          <Box mt="3" ps="3" borderStartWidth="3px" borderColor="brand.solid">
            <Text fontSize="sm" fontWeight="semibold">
              A bolt válasza
            </Text>
            <Text fontSize="sm" whiteSpace="pre-wrap">
              {review.answer}
            </Text>
          </Box>
        )}
        {answering ? (
          <AnswerForm
            initial={review.answer ?? ''}
            pending={moderate.isPending}
            onSave={(answer) => change({ answer })}
            onCancel={() => setAnswering(false)}
          />
        ) : (
          mayModerate && (
            <Flex mt="3" gap="2" wrap="wrap">
              {review.status !== 'approved' && (
                <Button
                  size="sm"
                  colorPalette="green"
                  loading={moderate.isPending && moderate.variables?.status === 'approved'}
                  onClick={() => change({ status: 'approved' })}
                >
                  <LuCheck aria-hidden="true" />
                  Jóváhagyás
                </Button>
              )}
              {review.status !== 'hidden' && (
                <Button
                  size="sm"
                  variant="outline"
                  loading={moderate.isPending && moderate.variables?.status === 'hidden'}
                  onClick={() => change({ status: 'hidden' })}
                >
                  <LuEyeOff aria-hidden="true" />
                  Elrejtés
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => setAnswering(true)}>
                <LuMessageSquareReply aria-hidden="true" />
                {review.answer ? 'Válasz szerkesztése' : 'Válasz'}
              </Button>
            </Flex>
          )
        )}
      </Box>
    </Box>
  );
}

function AnswerForm({
  initial,
  pending,
  onSave,
  onCancel,
}: {
  initial: string;
  pending: boolean;
  onSave: (answer: string | null) => void;
  onCancel: () => void;
}) {
  const [answer, setAnswer] = useState(initial);
  const id = useId();
  return (
    <Stack mt="3" gap="2">
      <Field.Root>
        <Field.Label htmlFor={id}>A bolt nyilvános válasza</Field.Label>
        <Textarea
          id={id}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          rows={3}
          maxLength={REVIEW_ANSWER_MAX}
        />
        <Field.HelperText>A termék oldalán az értékelés alatt jelenik meg.</Field.HelperText>
      </Field.Root>
      <Flex gap="2" wrap="wrap">
        <Button
          size="sm"
          colorPalette="brand"
          loading={pending}
          onClick={() => onSave(answer.trim() || null)}
        >
          Válasz mentése
        </Button>
        {initial && (
          <Button size="sm" variant="outline" onClick={() => onSave(null)}>
            Válasz törlése
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Mégse
        </Button>
      </Flex>
    </Stack>
  );
}
