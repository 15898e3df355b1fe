import { HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { SHOP_INFO } from '../../lib/shop-info';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#214ee6" />
      <path d="M17 25h24v14a9 9 0 0 1-9 9h-6a9 9 0 0 1-9-9z" fill="#fff" />
      <path d="M41 29h3a5 5 0 0 1 0 10h-3" fill="none" stroke="#fff" strokeWidth="4" />
      <path
        d="M24 12c-2 3 2 5 0 8M32 12c-2 3 2 5 0 8"
        fill="none"
        stroke="#f6b5a5"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to="/" aria-label={`${SHOP_INFO.fullName} – főoldal`}>
      <HStack gap="2">
        <LogoMark />
        <Text
          as="span"
          fontSize={{ base: 'xl', md: '2xl' }}
          fontWeight="extrabold"
          letterSpacing="-0.02em"
          color={inverted ? 'white' : 'brand.900'}
        >
          {SHOP_INFO.name}
        </Text>
      </HStack>
    </Link>
  );
}
