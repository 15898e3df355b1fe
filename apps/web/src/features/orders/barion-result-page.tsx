import { Button, Heading, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import type { TBarionStatusOutput } from '@shop/api/schemas';
import { hungarianArticle } from '@shop/api/schemas/hungarian';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { LuMailCheck, LuSearchX } from 'react-icons/lu';
import { errorMessage, useTRPCClient } from '../../lib/trpc';
import { orderKeyFor } from './order-access';
import { OrderResultFrame } from './order-frame';

/** The result page asks our server (never Barion) this often, for at most this long. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT_MS = 2 * 60_000;

type Outcome = 'success' | 'failure' | 'order' | null;

/** Only a final state decides: succeeded → thanks; cancelled, expired, failed → the failure page. */
export function outcomeOf(status: TBarionStatusOutput): Outcome {
  switch (status.paymentState) {
    case 'succeeded':
      return 'success';
    case 'cancelled':
    case 'expired':
    case 'failed':
      return 'failure';
    case 'pending':
      return null;
    default:
      return 'order';
  }
}

function Processing() {
  return (
    <VStack gap="4" textAlign="center" role="status" py="6">
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
      <Heading as="h1" size="xl">
        Fizetés feldolgozása…
      </Heading>
      <Text color="fg.muted" maxW="md">
        A bank visszaigazolására várunk; ez általában csak néhány másodperc. Kérjük, ne zárd be az oldalt.
      </Text>
    </VStack>
  );
}

function StillPending({ status }: { status: TBarionStatusOutput }) {
  const key = orderKeyFor(status.orderId);
  return (
    <VStack gap="4" textAlign="center" py="4">
      <LuMailCheck size={48} color="var(--chakra-colors-brand-solid)" aria-hidden="true" />
      <Heading as="h1" size="xl">
        A fizetés visszaigazolása még nem érkezett meg
      </Heading>
      <Text color="fg.muted" maxW="lg">
        {hungarianArticle(status.orderNumber, { capital: true })} <strong>{status.orderNumber}</strong> számú
        rendelésedet megőriztük. Amint a bank visszajelez, e-mailben értesítünk a fizetés eredményéről; addig
        nincs teendőd.
      </Text>
      <HStack gap="3" wrap="wrap" justify="center">
        <Button asChild colorPalette="brand">
          <Link to="/order/$id" params={{ id: String(status.orderId) }} search={key ? { key } : {}}>
            Rendelés megtekintése
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Vissza a főoldalra</Link>
        </Button>
      </HStack>
    </VStack>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <VStack gap="4" textAlign="center" py="4">
      <LuSearchX size={48} color="var(--chakra-colors-fg-muted)" aria-hidden="true" />
      <Heading as="h1" size="xl">
        A fizetés eredménye most nem érhető el
      </Heading>
      <Text color="fg.muted" maxW="lg">
        {message} A rendelés visszaigazolását és a fizetés eredményét e-mailben is megkapod.
      </Text>
      <Button asChild variant="outline">
        <Link to="/">Vissza a főoldalra</Link>
      </Button>
    </VStack>
  );
}

/**
 * /order/barion/result?paymentId=…: where Barion sends the payer back. Asks our server every 2 s while
 * the payment is pending, for up to two minutes, then says the result will arrive by e-mail. Never
 * shows a failure before Barion reported a final state.
 */
export function BarionResultPage({ paymentId }: { paymentId: string | undefined }) {
  const client = useTRPCClient();
  const navigate = useNavigate();
  const [startedAt] = useState(() => Date.now());
  const withinLimit = () => Date.now() - startedAt < POLL_LIMIT_MS;

  const status = useQuery({
    queryKey: ['order', 'barion-status', paymentId],
    queryFn: () => client.cart.barionStatus.mutate({ paymentId: paymentId ?? '' }),
    enabled: Boolean(paymentId),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.data?.paymentState === 'pending' && withinLimit() ? POLL_INTERVAL_MS : false,
    refetchIntervalInBackground: true,
  });

  const outcome = status.data ? outcomeOf(status.data) : null;
  useEffect(() => {
    if (!status.data || !outcome) return;
    const order = status.data.orderId;
    if (outcome === 'order') {
      const key = orderKeyFor(order);
      void navigate({
        to: '/order/$id',
        params: { id: String(order) },
        search: key ? { key } : {},
        replace: true,
      });
    } else {
      void navigate({
        to: outcome === 'success' ? '/order/success' : '/order/failure',
        search: { order },
        replace: true,
      });
    }
  }, [status.data, outcome, navigate]);

  let content = <Processing />;
  if (!paymentId) content = <Problem message="A címből hiányzik a fizetés azonosítója." />;
  else if (!status.data && status.isError) content = <Problem message={errorMessage(status.error)} />;
  else if (status.data?.paymentState === 'pending' && !status.isFetching && !withinLimit())
    content = <StillPending status={status.data} />;

  return <OrderResultFrame title="Fizetés eredménye">{content}</OrderResultFrame>;
}
