import { Button } from '@chakra-ui/react';
import { toaster } from '@shop/ui';
import { LuHeart } from 'react-icons/lu';
import { useToken } from '../../lib/use-storage';
import { BOOKMARK_SIGN_IN_REQUIRED } from './sign-in-required';
import { useBookmarks, useToggleBookmark } from './use-bookmarks';

/**
 * Bookmarks a product for a signed-in customer, or the variant chosen on its page ("Póló, kék, M"); a
 * guest is told to sign in, in the specification's words (BOOKMARK_SIGN_IN_REQUIRED).
 */
export function BookmarkButton({
  productId,
  variantId = null,
}: {
  productId: number;
  variantId?: number | null;
}) {
  const token = useToken();
  const { data } = useBookmarks();
  const toggle = useToggleBookmark();
  const bookmarked = Boolean(
    token && data?.items.some((item) => item.id === productId && item.variant === variantId),
  );

  const onClick = () => {
    if (!token) {
      toaster.warning({ title: BOOKMARK_SIGN_IN_REQUIRED });
      return;
    }
    toggle.mutate(variantId === null ? { product: productId } : { product: productId, variant: variantId }, {
      onSuccess: (result) =>
        toaster.success({
          title: result.bookmarked
            ? `${variantId === null ? 'A termék' : 'A változat'} a kedvencek közé került.`
            : `${variantId === null ? 'A termék' : 'A változat'} kikerült a kedvencek közül.`,
        }),
    });
  };

  return (
    <Button
      variant="outline"
      size="lg"
      onClick={onClick}
      loading={toggle.isPending}
      aria-pressed={bookmarked}
      colorPalette={bookmarked ? 'accent' : 'gray'}
    >
      <LuHeart fill={bookmarked ? 'currentColor' : 'none'} />
      {bookmarked ? 'Kedvenc' : 'Kedvencekhez'}
    </Button>
  );
}
