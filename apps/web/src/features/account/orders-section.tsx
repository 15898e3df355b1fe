import {
  Accordion,
  Alert,
  Box,
  Button,
  EmptyState,
  Flex,
  Skeleton,
  Stack,
  Text,
  VStack,
} from '@chakra-ui/react';
import type { TOrder } from '@shop/api/schemas';
import { formatDate } from '@shop/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuArrowRight, LuPackage } from 'react-icons/lu';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { Price } from '../catalog/price-display';
import { InvoiceDownloadButton } from '../orders/invoice-download';
import { OrderLines } from '../orders/order-lines';
import { OrderStatusBadge } from '../orders/order-status-badge';
import { OrderTotalsBreakdown } from '../orders/totals-breakdown';
import { SectionCard } from './section-card';

function OrderItem({ order }: { order: TOrder }) {
  const pieces = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Accordion.Item value={String(order.id)} borderWidth="1px" borderRadius="l2" bg="white" overflow="hidden">
      <Accordion.ItemTrigger
        px={{ base: '3', md: '4' }}
        py="3"
        gap="3"
        cursor="pointer"
        _hover={{ bg: 'bg.subtle' }}
      >
        <Flex
          flex="1"
          minW="0"
          gap={{ base: '1', sm: '4' }}
          direction={{ base: 'column', sm: 'row' }}
          align={{ sm: 'center' }}
        >
          <Box flex="1" minW="0" textAlign="start">
            <Text fontWeight="semibold">{order.number}</Text>
            <Text fontSize="sm" color="fg.muted">
              {formatDate(order.createdAt)} · {pieces} termék
            </Text>
          </Box>
          <Flex gap="3" align="center" justify={{ base: 'space-between', sm: 'flex-end' }}>
            <OrderStatusBadge status={order.status} />
            <Text fontWeight="bold" whiteSpace="nowrap" minW={{ sm: '24' }} textAlign="end">
              <Price forints={order.total} />
            </Text>
          </Flex>
        </Flex>
        <Accordion.ItemIndicator />
      </Accordion.ItemTrigger>
      <Accordion.ItemContent>
        <Accordion.ItemBody px={{ base: '3', md: '4' }} pt="0" pb="4" borderTopWidth="1px">
          <OrderLines lines={order.lines} />
          <Box borderTopWidth="1px" pt="3">
            <OrderTotalsBreakdown order={order} />
          </Box>
          {order.invoice && (
            <Flex
              mt="4"
              gap="3"
              align="center"
              wrap="wrap"
              justify="space-between"
              borderWidth="1px"
              borderRadius="l2"
              p="3"
            >
              <Text fontSize="sm">
                Számla: <strong>{order.invoice.number}</strong>
              </Text>
              <InvoiceDownloadButton orderId={order.id} />
            </Flex>
          )}
          <Button asChild colorPalette="brand" variant="outline" size="sm" mt="4">
            <Link to="/order/$id" params={{ id: String(order.id) }}>
              A rendelés részletei <LuArrowRight />
            </Link>
          </Button>
        </Accordion.ItemBody>
      </Accordion.ItemContent>
    </Accordion.Item>
  );
}

/** "Rendeléseim": the customer's orders, newest first; each opens to its lines and totals. */
export function OrdersSection() {
  const trpc = useTRPC();
  const { data, error, isPending } = useQuery(trpc.order.myOrders.queryOptions());

  return (
    <SectionCard
      title="Rendeléseim"
      description="A rendeléseid a legújabbal kezdve. Kattints egy rendelésre a részletekért."
    >
      {isPending ? (
        <Stack gap="3">
          <Skeleton h="16" borderRadius="l2" />
          <Skeleton h="16" borderRadius="l2" />
        </Stack>
      ) : error ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(error)}</Alert.Title>
        </Alert.Root>
      ) : data.items.length === 0 ? (
        <EmptyState.Root py="8">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuPackage />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title>Még nincs rendelésed</EmptyState.Title>
              <EmptyState.Description>Ha rendelsz, itt követheted az állapotát.</EmptyState.Description>
            </VStack>
            <Button asChild colorPalette="brand">
              <Link to="/">Irány a bolt</Link>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Accordion.Root collapsible multiple variant="plain" display="flex" flexDirection="column" gap="3">
          {data.items.map((order) => (
            <OrderItem key={order.id} order={order} />
          ))}
        </Accordion.Root>
      )}
    </SectionCard>
  );
}
