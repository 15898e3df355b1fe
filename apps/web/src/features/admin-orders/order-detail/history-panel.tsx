import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@shop/ui';
import { OrderStatusBadge } from '../../orders/order-status-badge';
import { type Detail, Panel } from './panel';

export function HistoryPanel({ detail }: { detail: Detail }) {
  return (
    <Panel title="Állapottörténet">
      <Stack as="ol" gap="3" listStyleType="none">
        {[...detail.history].reverse().map((entry) => (
          <Box as="li" key={`${entry.at}-${entry.status}`} fontSize="sm">
            <Flex gap="2" align="center" wrap="wrap">
              <OrderStatusBadge status={entry.status} size="sm" />
              <Text color="fg.muted">
                {formatDateTime(entry.at)} · {entry.by ? entry.by.name : 'a rendszer'}
              </Text>
            </Flex>
            {entry.trackingNumber && <Text mt="1">Csomagszám: {entry.trackingNumber}</Text>}
            {entry.note && <Text mt="1">{entry.note}</Text>}
          </Box>
        ))}
      </Stack>
    </Panel>
  );
}
