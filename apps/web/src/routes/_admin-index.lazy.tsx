import { Flex } from '@chakra-ui/react';
import { createLazyFileRoute, Outlet } from '@tanstack/react-router';

export const Route = createLazyFileRoute('/_admin-index')({
  component: AdminIndexLayout,
});

function AdminIndexLayout() {
  return (
    <Flex
      minH="100dvh"
      align="center"
      justify="center"
      px="4"
      py="10"
      bgGradient="to-br"
      gradientFrom="brand.900"
      gradientTo="brand.700"
    >
      <Outlet />
    </Flex>
  );
}
