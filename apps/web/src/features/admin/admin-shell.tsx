import {
  Box,
  Button,
  Link as ChakraLink,
  CloseButton,
  Drawer,
  Flex,
  IconButton,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { TUserDetails } from '@shop/api/schemas';
import { toaster, useToastsBelow } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { LuExternalLink, LuLogOut, LuMenu } from 'react-icons/lu';
import { AppLink } from '../../components/app-link';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { removeToken } from '../../lib/storage';
import { useTRPC } from '../../lib/trpc';
import { LogoMark } from '../shop-layout/logo';
import { NoPermissionPage } from './no-permission-page';
import { type AdminSection, findAdminSection, firstOpenSection, visibleSectionGroups } from './sections';

/** The sections the person's role opens; the rest are not offered at all. */
function SidebarNav({ user, onNavigate }: { user: TUserDetails; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const activePath = findAdminSection(pathname)?.path;

  return (
    <Box as="nav" aria-label="Admin menü" px="3" py="4">
      <Stack gap="5">
        {visibleSectionGroups(user).map((group) => (
          <Box key={group.label}>
            <Text
              px="3"
              mb="1.5"
              fontSize="2xs"
              fontWeight="bold"
              textTransform="uppercase"
              letterSpacing="wider"
              color="whiteAlpha.600"
            >
              {group.label}
            </Text>
            <Stack as="ul" gap="0.5" listStyleType="none">
              {group.sections.map((section) => {
                const active = section.path === activePath;
                return (
                  <li key={section.path}>
                    <ChakraLink
                      asChild
                      display="flex"
                      alignItems="center"
                      gap="2.5"
                      px="3"
                      py="1.5"
                      borderRadius="l2"
                      fontSize="sm"
                      color={active ? 'white' : 'shop.sidebarFg'}
                      bg={active ? 'brand.600' : undefined}
                      textDecoration="none"
                      _hover={{
                        bg: active ? 'brand.600' : 'whiteAlpha.100',
                        color: 'white',
                        textDecoration: 'none',
                      }}
                      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.300' }}
                      onClick={onNavigate}
                    >
                      <AppLink href={section.path} aria-current={active ? 'page' : undefined}>
                        <section.icon aria-hidden="true" />
                        {section.label}
                      </AppLink>
                    </ChakraLink>
                  </li>
                );
              })}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function Brand() {
  return (
    <Flex align="center" gap="2" px="5" h="16" flexShrink={0}>
      <LogoMark size={28} />
      <Text fontWeight="extrabold" fontSize="lg" color="white">
        Kék Bögre
      </Text>
      <Text fontSize="xs" color="whiteAlpha.700" mt="1">
        admin
      </Text>
    </Flex>
  );
}

function SignOutButton() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signout = useMutation(
    trpc.user.signout.mutationOptions({
      onSuccess: () => {
        removeToken();
        queryClient.removeQueries(trpc.user.pathFilter());
        toaster.success({ title: 'Sikeresen kijelentkeztél.' });
        void navigate({ to: '/admin' });
      },
      meta: { errorTitle: 'A kijelentkezés nem sikerült.' },
    }),
  );
  return (
    <Button variant="outline" size="sm" loading={signout.isPending} onClick={() => signout.mutate()}>
      <LuLogOut />
      Kijelentkezés
    </Button>
  );
}

/**
 * Spec layout admin-dashboard: the sidebar with the admin sections the signed-in person may open and
 * their bar; a section their role does not open (`deniedSection`) shows the no-permission page.
 */
export function AdminShell({
  user,
  deniedSection,
}: {
  user: TUserDetails;
  deniedSection: AdminSection | null;
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const header = useRef<HTMLDivElement>(null);
  useToastsBelow(header);
  const name = [user.lastName, user.firstName].filter(Boolean).join(' ') || user.email;

  return (
    <Flex minH="100dvh" bg="shop.admin">
      <SkipLink />
      <Box
        as="aside"
        hideBelow="lg"
        w="64"
        flexShrink={0}
        bg="shop.sidebar"
        position="sticky"
        top="0"
        h="100dvh"
        overflowY="auto"
      >
        <Brand />
        <SidebarNav user={user} />
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          ref={header}
          align="center"
          gap="3"
          h="16"
          px={{ base: '3', md: '6' }}
          bg="white"
          borderBottomWidth="1px"
          position="sticky"
          top="0"
          zIndex="sticky"
        >
          <Drawer.Root
            open={drawerOpen}
            onOpenChange={(details) => setDrawerOpen(details.open)}
            placement="start"
          >
            <Drawer.Trigger asChild>
              <IconButton variant="ghost" aria-label="Admin menü megnyitása" hideFrom="lg">
                <LuMenu />
              </IconButton>
            </Drawer.Trigger>
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content bg="shop.sidebar" maxW="72" aria-label="Admin menü">
                  <Brand />
                  <Drawer.Body p="0">
                    <SidebarNav user={user} onNavigate={() => setDrawerOpen(false)} />
                  </Drawer.Body>
                  <Drawer.CloseTrigger asChild>
                    <CloseButton size="sm" color="white" aria-label="Menü bezárása" />
                  </Drawer.CloseTrigger>
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
          <Text fontWeight="semibold" hideFrom="lg">
            Kék Bögre admin
          </Text>
          <Flex ms="auto" align="center" gap={{ base: '2', md: '4' }}>
            <ChakraLink asChild fontSize="sm" color="fg.muted" hideBelow="md">
              <Link to="/" target="_blank">
                Bolt megnyitása <LuExternalLink aria-hidden="true" />
              </Link>
            </ChakraLink>
            <Box textAlign="end" hideBelow="md" lineHeight="short">
              <Text fontSize="sm" fontWeight="medium">
                {name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {user.staffRole?.name ?? 'Tulajdonos'}
              </Text>
            </Box>
            <SignOutButton />
          </Flex>
        </Flex>
        {/* Focusable only from the skip link, which moves focus here: no outline around the whole section. */}
        <Box
          as="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          outline="none"
          flex="1"
          px={{ base: '3', md: '6', xl: '10' }}
          py={{ base: '4', md: '6' }}
        >
          {deniedSection ? (
            <NoPermissionPage section={deniedSection} home={firstOpenSection(user)} />
          ) : (
            <Outlet />
          )}
        </Box>
      </Flex>
    </Flex>
  );
}
