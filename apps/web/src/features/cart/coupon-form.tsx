import { Button, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type TCart, ZCouponCode } from '@shop/api/schemas';
import { useId, useState } from 'react';
import { LuTicket, LuX } from 'react-icons/lu';
import { DescribedFieldRoot } from '../../components/form/fields';
import { ForintText } from '../catalog/forint-text';
import { Price } from '../catalog/price-display';

/**
 * The coupon field of the cart and the checkout. An applied code shows what it took off and can be
 * removed; a refused one says why (the server's reason: "A kuponkód lejárt.") and another can be typed.
 * The code is kept in this browser, so the cart, the checkout and the order all price with it. It is
 * a group, not a form: in the checkout it sits inside the order's form, and Enter here applies the
 * code instead of placing the order.
 */
export function CouponForm({
  cart,
  couponCode,
  onChange,
}: {
  cart: TCart;
  couponCode: string | null;
  onChange: (code: string | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const coupon = couponCode !== null && cart.coupon?.code === couponCode ? cart.coupon : null;
  const taken = cart.discounts
    .filter((discount) => discount.code !== null && discount.code === coupon?.code)
    .reduce((sum, discount) => sum + discount.amount, 0);

  // While a new code is typed, the last one's refusal no longer describes the field.
  const refusal = text === '' ? coupon?.message : undefined;

  const apply = () => {
    const parsed = ZCouponCode.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Érvénytelen kuponkód.');
      return;
    }
    setError(null);
    setText('');
    onChange(parsed.data);
  };

  if (coupon?.applied) {
    return (
      <Flex
        role="status"
        align="center"
        justify="space-between"
        gap="3"
        bg="green.subtle"
        color="green.fg"
        borderRadius="l2"
        px="3"
        py="2"
      >
        <HStack gap="2" fontSize="sm" fontWeight="medium" minW="0">
          <LuTicket aria-hidden="true" />
          <Text wordBreak="break-word">
            {coupon.code} beváltva
            {taken > 0 && (
              <>
                : −<Price forints={taken} />
              </>
            )}
          </Text>
        </HStack>
        <Button size="xs" variant="ghost" colorPalette="green" onClick={() => onChange(null)}>
          <LuX /> Eltávolítás
        </Button>
      </Flex>
    );
  }

  return (
    <Stack gap="2" role="group" aria-labelledby={`${id}-label`}>
      <DescribedFieldRoot invalid={Boolean(error || refusal)}>
        <Field.Label id={`${id}-label`}>Kuponkód</Field.Label>
        <HStack gap="2" w="full">
          <Input
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              apply();
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="pl. DEMO10"
            flex="1"
            minW="0"
          />
          <Button type="button" variant="outline" colorPalette="brand" onClick={apply}>
            Beváltás
          </Button>
        </HStack>
        {(error || refusal) && (
          <Field.ErrorText>
            {/* The server's reason may name the cart's minimum: "legalább 10 000 Ft", heard in forints. */}
            <ForintText>{error ?? `${coupon?.code}: ${refusal}`}</ForintText>
          </Field.ErrorText>
        )}
      </DescribedFieldRoot>
      {coupon && !error && (
        <Button size="xs" variant="plain" px="0" alignSelf="flex-start" onClick={() => onChange(null)}>
          Kód elvetése
        </Button>
      )}
    </Stack>
  );
}
