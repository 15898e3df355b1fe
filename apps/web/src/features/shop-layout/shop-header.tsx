import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  Container,
  Flex,
  HStack,
  IconButton,
  Text,
} from '@chakra-ui/react';
import { formatNumber, useToastsBelow } from '@shop/ui';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { LuPhone, LuShoppingBag, LuUserRound, LuUserRoundCheck } from 'react-icons/lu';
import { AppLink } from '../../components/app-link';
import { SHOP_INFO } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { useToken } from '../../lib/use-storage';
import { useCartCount } from '../cart/cart-count';
import { categoryTreeOptions } from '../catalog/queries';
import { CategoryMenu } from './category-menu';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { SearchBox } from './search-box';

function CartEntry() {
  const count = useCartCount();
  const label = count > 0 ? `Kosár, ${count} termék` : 'Kosár, üres';
  return (
    <Box position="relative">
      <Button
        asChild
        variant="ghost"
        size={{ base: 'md', md: 'lg' }}
        px={{ base: '2', md: '3' }}
        aria-label={label}
      >
        <AppLink href="/cart">
          <LuShoppingBag />
          <Text as="span" hideBelow="md">
            Kosár
          </Text>
        </AppLink>
      </Button>
      {count > 0 && (
        <Badge
          aria-hidden="true"
          position="absolute"
          top="0"
          insetStart={{ base: '6', md: '7' }}
          colorPalette="accent"
          variant="solid"
          borderRadius="full"
          minW="5"
          justifyContent="center"
          fontSize="2xs"
          pointerEvents="none"
        >
          {count > 99 ? '99+' : formatNumber(count)}
        </Badge>
      )}
    </Box>
  );
}

/** "Fiókom" for visitors; the customer's first name once signed in (a stale token falls back to "Fiókom"). */
function AccountEntry() {
  const trpc = useTRPC();
  const token = useToken();
  const { data: user } = useQuery({ ...trpc.user.details.queryOptions(), enabled: Boolean(token) });
  const signedIn = Boolean(token && user);
  const label = signedIn && user ? `Fiókom: ${user.lastName} ${user.firstName}` : 'Fiókom';
  return (
    <>
      <IconButton asChild variant="ghost" aria-label={label} hideFrom="md">
        <AppLink href="/services/account">{signedIn ? <LuUserRoundCheck /> : <LuUserRound />}</AppLink>
      </IconButton>
      <Button asChild variant="ghost" size="lg" px="3" hideBelow="md" aria-label={label}>
        <AppLink href="/services/account">
          {signedIn ? <LuUserRoundCheck /> : <LuUserRound />}
          <Text as="span" maxW="36" truncate>
            {signedIn && user ? user.firstName : 'Fiókom'}
          </Text>
        </AppLink>
      </Button>
    </>
  );
}

export function ShopHeader() {
  const trpc = useTRPC();
  const { data: tree } = useSuspenseQuery(categoryTreeOptions(trpc));
  const header = useRef<HTMLDivElement>(null);
  useToastsBelow(header);

  return (
    <Box as="header" ref={header} position="sticky" top="0" zIndex="sticky" bg="shop.header" boxShadow="xs">
      <Box bg="shop.topbar" color="shop.topbarFg" fontSize="xs" hideBelow="md">
        <Container maxW="7xl" py="1.5">
          <Flex justify="space-between" gap="4">
            <HStack gap="2">
              <LuPhone aria-hidden="true" />
              <Text>
                Ügyfélszolgálat:{' '}
                <ChakraLink href={`tel:${SHOP_INFO.phone.replaceAll(' ', '')}`} color="white">
                  {SHOP_INFO.phone}
                </ChakraLink>{' '}
                · {SHOP_INFO.openingHours}
              </Text>
            </HStack>
            <HStack gap="4">
              <ChakraLink asChild color="inherit">
                <AppLink href="/page/szallitasi-informaciok">Szállítási információk</AppLink>
              </ChakraLink>
              <ChakraLink asChild color="inherit">
                <AppLink href="/page/cegadatok">Cégadatok</AppLink>
              </ChakraLink>
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Container maxW="7xl" py={{ base: '2', md: '3' }}>
        <Flex align="center" gap={{ base: '1', md: '6' }} wrap={{ base: 'wrap', md: 'nowrap' }}>
          <MobileMenu tree={tree} />
          <Logo />
          <Box
            flex="1"
            order={{ base: 3, md: 0 }}
            flexBasis={{ base: '100%', md: 'auto' }}
            maxW={{ md: '2xl' }}
            pt={{ base: '2', md: '0' }}
            pb={{ base: '1', md: '0' }}
          >
            <SearchBox />
          </Box>
          <HStack gap={{ base: '0', md: '1' }} ms="auto">
            <AccountEntry />
            <CartEntry />
          </HStack>
        </Flex>
      </Container>
      <CategoryMenu tree={tree} />
    </Box>
  );
}
