import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { TBannerImage } from '@shop/api/schemas';

/** Below this width the phone picture is used (Chakra's `md` breakpoint, 48em). */
const PHONE_MEDIA = '(max-width: 47.99em)';

function srcSetOf(image: TBannerImage): string {
  const sizes = [`${image.card} 480w`, `${image.full} 1200w`];
  // The original only when it is wider than the largest resized one (a 1920 px banner on a wide screen).
  if (image.width && image.width > 1200) sizes.push(`${image.original} ${image.width}w`);
  return sizes.join(', ');
}

/**
 * A banner's picture: the phone image below 48em when there is one, else the desktop image in the
 * size the screen needs. Decorative unless the admin gave it an alternative text: the banner's title
 * and text are real text beside it.
 */
export function BannerPicture({
  image,
  mobileImage,
  eager = false,
  ...img
}: {
  image: TBannerImage | null;
  mobileImage: TBannerImage | null;
  /** The first banner of the page is its largest paint: fetched at once and first. */
  eager?: boolean;
} & HTMLChakraProps<'img'>) {
  const desktop = image ?? mobileImage;
  if (!desktop) return null;
  return (
    <picture>
      {mobileImage && image && <source media={PHONE_MEDIA} srcSet={srcSetOf(mobileImage)} sizes="100vw" />}
      <chakra.img
        src={desktop.full}
        srcSet={srcSetOf(desktop)}
        sizes="(max-width: 80em) 100vw, 80em"
        alt={desktop.alt ?? ''}
        width={desktop.width ?? undefined}
        height={desktop.height ?? undefined}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        objectFit="cover"
        {...img}
      />
    </picture>
  );
}
