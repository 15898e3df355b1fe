import { Button, type ButtonProps, Link as ChakraLink } from '@chakra-ui/react';
import { toaster } from '@shop/ui';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { LuShoppingBag } from 'react-icons/lu';
import { useCartActions } from './use-cart';

type Props = Omit<ButtonProps, 'onClick' | 'children'> & {
  product: { id: number; title: string; inStock: boolean };
  quantity?: number;
};

/** "Kosárba" for one product (a listing card, the product page); "Elfogyott", disabled, when none is left. */
export function AddToCartButton({ product, quantity = 1, ...button }: Props) {
  const router = useRouter();
  const { add } = useCartActions();
  const [adding, setAdding] = useState(false);

  if (!product.inStock) {
    return (
      <Button variant="subtle" disabled aria-label={`Elfogyott: ${product.title}`} {...button}>
        Elfogyott
      </Button>
    );
  }

  const onClick = async () => {
    setAdding(true);
    try {
      await add(product.id, quantity);
      toaster.success({
        title: `Kosárba tettük: ${product.title}`,
        description: (
          <ChakraLink
            href="/cart"
            color="inherit"
            textDecoration="underline"
            fontWeight="semibold"
            onClick={(event) => {
              event.preventDefault();
              void router.navigate({ to: '/cart' });
            }}
          >
            Tovább a kosárhoz
          </ChakraLink>
        ),
      });
    } catch {
      // The cart's own error toast said why.
    } finally {
      setAdding(false);
    }
  };

  return (
    <Button
      colorPalette="brand"
      loading={adding}
      aria-label={`Kosárba: ${product.title}`}
      onClick={() => void onClick()}
      {...button}
    >
      <LuShoppingBag />
      Kosárba
    </Button>
  );
}
