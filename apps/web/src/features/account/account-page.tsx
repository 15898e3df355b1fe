import {
  Alert,
  Box,
  Button,
  Container,
  Flex,
  Heading,
  Skeleton,
  Stack,
  Tabs,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import type { TUserDetails } from '@shop/api/schemas';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { IconType } from 'react-icons';
import {
  LuHeart,
  LuKeyRound,
  LuLogOut,
  LuMapPin,
  LuPackage,
  LuShieldCheck,
  LuUserRound,
} from 'react-icons/lu';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { errorMessage, isUnauthorizedError, useTRPC } from '../../lib/trpc';
import { useToken } from '../../lib/use-storage';
import { SignInPanel } from '../auth/sign-in-panel';
import { useEndSession, useSignOut } from '../auth/use-session';
import { BookmarksSection } from '../bookmarks/bookmarks-section';
import { AccountNewsletter } from '../newsletter/account-newsletter';
import type { AccountTab } from './account-search';
import { AddressesSection } from './addresses-section';
import { ContinueCheckout } from './continue-checkout';
import { DetailsSection } from './details-section';
import { OrdersSection } from './orders-section';
import { PrivacySection } from './privacy-section';
import { SecuritySection } from './security-section';

const TABS: { value: AccountTab; label: string; short: string; icon: IconType }[] = [
  { value: 'adataim', label: 'Adataim', short: 'Adataim', icon: LuUserRound },
  { value: 'rendeleseim', label: 'Rendeléseim', short: 'Rendelések', icon: LuPackage },
  { value: 'cimeim', label: 'Címeim', short: 'Címeim', icon: LuMapPin },
  { value: 'kedvencek', label: 'Kedvenceim', short: 'Kedvencek', icon: LuHeart },
  { value: 'jelszo', label: 'Jelszó és e-mail', short: 'Jelszó', icon: LuKeyRound },
  { value: 'adatvedelem', label: 'Adatvédelem', short: 'Adatvédelem', icon: LuShieldCheck },
];

function AccountTabs({ user, tab }: { user: TUserDetails; tab: AccountTab }) {
  const navigate = useNavigate();
  const vertical = useBreakpointValue({ base: false, md: true }) ?? false;

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(details) =>
        void navigate({
          to: '/services/account',
          search: details.value === 'adataim' ? {} : { tab: details.value as AccountTab },
          replace: true,
        })
      }
      orientation={vertical ? 'vertical' : 'horizontal'}
      variant={vertical ? 'subtle' : 'line'}
      colorPalette="brand"
      lazyMount
      unmountOnExit
      gap="6"
    >
      <Tabs.List
        aria-label="Fiókom"
        flexShrink={0}
        w={{ md: '56' }}
        bg={{ md: 'shop.surface' }}
        borderWidth={{ md: '1px' }}
        borderRadius={{ md: 'l3' }}
        p={{ md: '2' }}
        alignSelf={{ base: 'stretch', md: 'flex-start' }}
        gap={{ md: '1' }}
        // Six tabs do not fit a phone's width: the row scrolls sideways instead of squeezing them.
        overflowX={{ base: 'auto', md: 'visible' }}
        overflowY="hidden"
        scrollbarWidth="none"
      >
        {TABS.map(({ value, label, short, icon: Icon }) => (
          <Tabs.Trigger
            key={value}
            value={value}
            whiteSpace="nowrap"
            flex={{ base: '1 0 auto', md: 'initial' }}
            flexDirection={{ base: 'column', md: 'row' }}
            justifyContent={{ base: 'center', md: 'flex-start' }}
            gap={{ base: '1', md: '2' }}
            px={{ base: '2.5', md: '3' }}
            fontSize={{ base: 'xs', md: 'sm' }}
            h={{ base: '14', md: '10' }}
          >
            <Icon aria-hidden="true" />
            <Box as="span" hideFrom="md">
              {short}
            </Box>
            <Box as="span" hideBelow="md">
              {label}
            </Box>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Box flex="1" minW="0">
        <Tabs.Content value="adataim" pt="0">
          <Stack gap="4">
            <DetailsSection key={user.id} user={user} />
            <AccountNewsletter />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="rendeleseim" pt="0">
          <OrdersSection />
        </Tabs.Content>
        <Tabs.Content value="cimeim" pt="0">
          <AddressesSection />
        </Tabs.Content>
        <Tabs.Content value="kedvencek" pt="0">
          <BookmarksSection />
        </Tabs.Content>
        <Tabs.Content value="jelszo" pt="0">
          <SecuritySection user={user} />
        </Tabs.Content>
        <Tabs.Content value="adatvedelem" pt="0">
          <PrivacySection />
        </Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}

function SignedInAccount({ tab }: { tab: AccountTab }) {
  const trpc = useTRPC();
  const endSession = useEndSession();
  const { data: user, error, isPending } = useQuery(trpc.user.details.queryOptions());
  const signout = useSignOut();
  const expired = isUnauthorizedError(error);

  // A token the server no longer knows is just forgotten here: the visitor sees the sign-in form.
  useEffect(() => {
    if (expired) endSession();
  }, [expired, endSession]);

  if (isPending || expired) {
    return (
      <Stack gap="4">
        <Skeleton h="10" w="60" />
        <Skeleton h="80" borderRadius="l3" />
      </Stack>
    );
  }
  if (!user) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{errorMessage(error)}</Alert.Title>
      </Alert.Root>
    );
  }

  return (
    <Stack gap={{ base: '5', md: '6' }}>
      <Flex justify="space-between" align={{ base: 'flex-start', sm: 'flex-end' }} gap="3" wrap="wrap">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
            Fiókom
          </Heading>
          <Text mt="1" color="fg.muted">
            Szia, {user.firstName}! Itt kezelheted az adataidat, a címeidet és a rendeléseidet.
          </Text>
        </Box>
        <Button variant="outline" bg="white" loading={signout.isPending} onClick={() => signout.mutate()}>
          <LuLogOut /> Kijelentkezés
        </Button>
      </Flex>
      <ContinueCheckout />
      <AccountTabs user={user} tab={tab} />
    </Stack>
  );
}

/** /services/account: the sign-in form for visitors, the customer's own account once signed in. */
export function AccountPage({ tab = 'adataim' }: { tab?: AccountTab }) {
  const token = useToken();
  return (
    <Container maxW="6xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle(token ? 'Fiókom' : 'Bejelentkezés')}</title>
      <Stack gap="5">
        <PageBreadcrumb entries={[{ key: 'account', label: 'Fiókom' }]} />
        {token ? (
          <SignedInAccount tab={tab} />
        ) : (
          <>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
              Fiókom
            </Heading>
            <SignInPanel />
          </>
        )}
      </Stack>
    </Container>
  );
}
