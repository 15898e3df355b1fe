import { Alert, Button } from '@chakra-ui/react';
import { formatNumber } from '@shop/ui';
import { Link } from '@tanstack/react-router';
import { LuArrowRight } from 'react-icons/lu';
import { useCartCount } from '../cart/cart-count';

/**
 * A customer with products in the cart goes on to the checkout from here: the way back into an order
 * after registering (or signing in) on the account pages.
 */
export function ContinueCheckout() {
  const count = useCartCount();
  if (count === 0) return null;
  return (
    <Alert.Root status="info" colorPalette="brand" alignItems="center" flexWrap="wrap" gap="3">
      <Alert.Indicator />
      <Alert.Content flex="1" minW="48">
        <Alert.Title>A kosaradban {formatNumber(count)} termék vár.</Alert.Title>
        <Alert.Description>Folytasd a rendelést ott, ahol abbahagytad.</Alert.Description>
      </Alert.Content>
      <Button asChild colorPalette="brand" size="sm">
        <Link to="/order/checkout">
          Tovább a pénztárhoz <LuArrowRight />
        </Link>
      </Button>
    </Alert.Root>
  );
}
