import { Box, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useAdminAccess } from '../../admin/use-access';
import { type Detail, Muted, Panel } from './panel';

export function CustomerPanel({ detail }: { detail: Detail }) {
  const { order } = detail;
  const mayReadCustomers = useAdminAccess().may('customers:read');
  return (
    <Panel title="Vásárló">
      <Stack gap="1" fontSize="sm">
        <Text fontWeight="medium">
          {order.customer.lastName} {order.customer.firstName}
        </Text>
        {/* Left out of the answer for a role without customers:read (the warehouse). */}
        {order.customer.email && <Text>{order.customer.email}</Text>}
        {order.customer.phone && <Text>{order.customer.phone}</Text>}
        {detail.customerId ? (
          mayReadCustomers && (
            <Link to="/admin/customer/$id" params={{ id: String(detail.customerId) }}>
              <Text as="span" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                Vásárlói fiók megnyitása
              </Text>
            </Link>
          )
        ) : (
          <Muted>Vendégként rendelt.</Muted>
        )}
        {order.note && (
          <Box mt="2" p="2" bg="bg.subtle" borderRadius="l2">
            <Text fontSize="xs" color="fg.muted">
              A vásárló megjegyzése
            </Text>
            <Text>{order.note}</Text>
          </Box>
        )}
      </Stack>
    </Panel>
  );
}
