import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  IconButton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  REVIEW_BODY_MAX,
  REVIEW_POLICY_PAGE_SLUG,
  REVIEW_STATUS_LABELS,
  type TOrderReviewsOutput,
  ZReviewCreateInput,
} from '@shop/api/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { LuStar } from 'react-icons/lu';
import { DescribedFieldRoot, TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { ReviewStars } from './reviews-stars';

type OrderProduct = TOrderReviewsOutput['products'][number];

/**
 * "Értékeld a termékeket" on a signed-in shopper's delivered order: each product of the order once, with
 * a form for the ones not yet reviewed and where moderation stands for the others. The server decides
 * who may review what (services/reviews/shopper-reviews.ts); before delivery nothing shows here.
 */
export function OrderReviews({ orderId }: { orderId: number }) {
  const trpc = useTRPC();
  // An order of another account (a link with its key) is a 404 here: nothing to offer, nothing to retry.
  const { data } = useQuery({ ...trpc.review.forOrder.queryOptions({ order: orderId }), retry: false });
  const headingId = useId();
  if (!data?.reviewable || data.products.length === 0) return null;
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      bg="shop.surface"
      borderWidth="1px"
      borderRadius="l3"
      boxShadow="xs"
      p={{ base: '4', md: '6' }}
    >
      <Heading as="h2" size="md" id={headingId}>
        Értékeld a termékeket
      </Heading>
      <Text fontSize="sm" color="fg.muted" mt="1">
        Az értékelésed moderálás után jelenik meg a termék oldalán, „Ellenőrzött vásárló” jelöléssel.{' '}
        <Link to="/page/$slug" params={{ slug: REVIEW_POLICY_PAGE_SLUG }}>
          <Text as="span" color="brand.fg" textDecoration="underline">
            Hogyan ellenőrizzük az értékeléseket?
          </Text>
        </Link>
      </Text>
      <Stack as="ul" listStyleType="none" gap="0" mt="3">
        {data.products.map((entry) => (
          <Box as="li" key={entry.product} py="3" borderTopWidth="1px">
            <OrderProductReview orderId={orderId} entry={entry} />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function OrderProductReview({ orderId, entry }: { orderId: number; entry: OrderProduct }) {
  const [writing, setWriting] = useState(false);
  const { review } = entry;
  if (review) {
    return (
      <Stack gap="1">
        <Text fontWeight="medium">{entry.title}</Text>
        <Flex align="center" gap="2" wrap="wrap">
          <ReviewStars rating={review.rating} />
          <Badge variant="subtle" colorPalette={review.status === 'approved' ? 'green' : 'gray'}>
            {REVIEW_STATUS_LABELS[review.status]}
          </Badge>
        </Flex>
        <Text fontSize="sm" whiteSpace="pre-wrap">
          {review.body}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="3">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Text fontWeight="medium">{entry.title}</Text>
        {!writing && (
          <Button size="sm" variant="outline" onClick={() => setWriting(true)}>
            Értékelés írása
          </Button>
        )}
      </Flex>
      {writing && <ReviewForm orderId={orderId} entry={entry} onCancel={() => setWriting(false)} />}
    </Stack>
  );
}

function ReviewForm({
  orderId,
  entry,
  onCancel,
}: {
  orderId: number;
  entry: OrderProduct;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const ids = { rating: useId(), body: useId() };
  const input = { order: orderId, product: entry.product, rating, title, body };
  const { errors, validate, failWith } = useZodForm(ZReviewCreateInput, { input });
  const create = useMutation(
    trpc.review.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.review.pathFilter()),
      ...failWith('Az értékelést nem sikerült elküldeni.'),
    }),
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const valid = validate();
    if (valid) create.mutate(valid);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`${entry.title} értékelése`}>
      <Stack gap="3">
        <DescribedFieldRoot invalid={Boolean(errors.rating)} required>
          <Field.Label id={ids.rating}>
            Hány csillagot adsz?
            <Field.RequiredIndicator />
          </Field.Label>
          <StarChoice value={rating} onChange={setRating} labelledBy={ids.rating} />
          <Field.ErrorText>{errors.rating}</Field.ErrorText>
        </DescribedFieldRoot>
        <TextField label="Cím (nem kötelező)" value={title} onValueChange={setTitle} error={errors.title} />
        <DescribedFieldRoot invalid={Boolean(errors.body)} required>
          <Field.Label htmlFor={ids.body}>
            Véleményed
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            id={ids.body}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={4}
            maxLength={REVIEW_BODY_MAX}
          />
          <Field.ErrorText>{errors.body}</Field.ErrorText>
        </DescribedFieldRoot>
        <Flex gap="2" wrap="wrap">
          <Button type="submit" colorPalette="brand" loading={create.isPending}>
            Értékelés elküldése
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Mégse
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The 1–5 star choice as a radio group (WAI-ARIA): one Tab stop, the arrow keys move the choice and the
 * focus, each star is read out as "4 csillag" with whether it is chosen.
 */
function StarChoice({
  value,
  onChange,
  labelledBy,
}: {
  value: number;
  onChange: (value: number) => void;
  labelledBy: string;
}) {
  const group = useRef<HTMLDivElement>(null);
  const choose = (star: number) => {
    onChange(star);
    group.current?.querySelector<HTMLButtonElement>(`[data-star="${star}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    choose(Math.min(5, Math.max(1, (value || (step > 0 ? 0 : 6)) + step)));
  };
  return (
    <Flex ref={group} role="radiogroup" aria-labelledby={labelledBy} gap="1" onKeyDown={onKeyDown}>
      {STARS.map((star) => (
        <IconButton
          key={star}
          data-star={star}
          role="radio"
          aria-checked={value === star}
          aria-label={`${star} csillag`}
          tabIndex={value === star || (value === 0 && star === 1) ? 0 : -1}
          variant="ghost"
          size="sm"
          color={star <= value ? 'orange.400' : 'gray.400'}
          onClick={() => choose(star)}
        >
          <LuStar fill={star <= value ? 'currentColor' : 'none'} />
        </IconButton>
      ))}
    </Flex>
  );
}
