import { Button, type ButtonProps, Link as ChakraLink } from '@chakra-ui/react';
import { toaster } from '@shop/ui';
import { useRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useRef, useState } from 'react';
import { LuShoppingBag } from 'react-icons/lu';
import { ProductLink } from '../catalog/product-link';
import { useCartActions } from './use-cart';

type Props = Omit<ButtonProps, 'onClick' | 'children'> & {
  product: { id: number; title: string; slug: string; inStock: boolean; variantSummary?: string | null };
  quantity?: number;
  /**
   * On the page of a product sold in variants: the variant chosen (null: not all options chosen yet,
   * and `onMissingChoice` says which). Left out on a card, which cannot choose.
   */
  choice?: { variant: { id: number; title: string; inStock: boolean } | null; onMissingChoice: () => void };
};

/**
 * "Kosárba" for one product (a listing card, the product page); "Elfogyott", disabled, when none is left.
 * A card of a product sold in variants leads to its page, where the shopper chooses one.
 */
export function AddToCartButton({ product, quantity = 1, choice, ...button }: Props) {
  const router = useRouter();
  const { add } = useCartActions();
  const [adding, setAdding] = useState(false);
  // Set at the press itself: the busy look that disables the button comes a render later.
  const busy = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The busy button is disabled, and a disabled button loses the focus to the page's body: once it is
  // back, the focus that pressed it returns, so a keyboard user goes on from where they were.
  const refocus = useRef(false);
  useEffect(() => {
    if (adding || !refocus.current) return;
    refocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) buttonRef.current?.focus();
  }, [adding]);
  const variant = choice?.variant ?? null;
  const inStock = variant ? variant.inStock : product.inStock;
  const name = variant ? `${product.title}, ${variant.title}` : product.title;

  if (!inStock) {
    return (
      <Button variant="subtle" disabled aria-label={`Elfogyott: ${name}`} {...button}>
        Elfogyott
      </Button>
    );
  }

  if (product.variantSummary && !choice) {
    return (
      <Button asChild colorPalette="brand" {...button}>
        <ProductLink
          slug={product.slug}
          aria-label={`Kosárba: ${product.title} – a termékoldalon választhatsz`}
        >
          <LuShoppingBag />
          Kosárba
        </ProductLink>
      </Button>
    );
  }

  const onClick = async () => {
    if (choice && !variant) {
      choice.onMissingChoice();
      return;
    }
    if (busy.current) return;
    busy.current = true;
    refocus.current = document.activeElement === buttonRef.current;
    // The spinner is drawn in a render of its own after the press: drawn inside the press, its render
    // held a phone's next frame for about 100 ms (at four times slower CPU) before the tap showed.
    startTransition(() => setAdding(true));
    try {
      await add(variant ? { product: product.id, variant: variant.id } : product.id, quantity);
      toaster.success({
        title: `Kosárba tettük: ${name}`,
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
      busy.current = false;
      setAdding(false);
    }
  };

  return (
    <Button
      ref={buttonRef}
      colorPalette="brand"
      loading={adding}
      aria-label={`Kosárba: ${name}`}
      onClick={() => void onClick()}
      {...button}
    >
      <LuShoppingBag />
      Kosárba
    </Button>
  );
}
