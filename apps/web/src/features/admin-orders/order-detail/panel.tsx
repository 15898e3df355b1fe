import { Flex, Heading, Text } from '@chakra-ui/react';
import type { TAdminOrderDetail } from '@shop/api/schemas';
import type { ReactNode } from 'react';
import { AdminPanel } from '../../admin/admin-page';

/** What every panel of the order page reads: the one admin answer of the order (order.adminById). */
export type Detail = TAdminOrderDetail;
export type Address = {
  name: string;
  postcode: string;
  city: string;
  street: string;
  floorDoor: string | null;
};

/** A titled section of the order page; its heading names it for screen readers and tests. */
export function Panel({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = `order-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <AdminPanel as="section" aria-labelledby={id} p={{ base: '4', md: '5' }}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {actions}
      </Flex>
      {children}
    </AdminPanel>
  );
}

export const Muted = ({ children }: { children: ReactNode }) => (
  <Text fontSize="sm" color="fg.muted">
    {children}
  </Text>
);

export function AddressText({ address }: { address: Address }) {
  return (
    <>
      <Text>{address.name}</Text>
      <Text>
        {address.postcode} {address.city}
      </Text>
      <Text>
        {address.street}
        {address.floorDoor ? ` ${address.floorDoor}` : ''}
      </Text>
    </>
  );
}
