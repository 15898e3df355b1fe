import { AspectRatio, Box, Flex, Icon, Image } from '@chakra-ui/react';
import type { TProduct } from '@shop/api/schemas';
import { lazy, Suspense, useRef, useState } from 'react';
import { LuZoomIn } from 'react-icons/lu';
import { ProductImage } from '../catalog/product-card';

const loadLightbox = () => import('./product-lightbox');
const ProductLightbox = lazy(loadLightbox);

/**
 * The large image (the server's 1200 px `full` size) and the thumbnails that switch it. The large image
 * opens the lightbox (its own chunk, fetched when the pointer or focus comes near). `shownImageId` is the
 * picture of the chosen variant: the gallery starts on it (the server draws that one) and moves to it
 * when the choice changes.
 */
export function ProductGallery({
  product,
  shownImageId = null,
}: {
  product: TProduct;
  shownImageId?: number | null;
}) {
  const indexOf = (imageId: number | null) =>
    Math.max(
      0,
      product.images.findIndex((image) => image.id === imageId),
    );
  const [index, setIndex] = useState(() => indexOf(shownImageId));
  const [followed, setFollowed] = useState(shownImageId);
  if (shownImageId !== followed) {
    // A new choice shows its picture; thumbnails the shopper taps since still switch freely.
    setFollowed(shownImageId);
    if (shownImageId !== null) setIndex(indexOf(shownImageId));
  }
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const images = product.images;
  const current = images[index] ?? images[0];

  if (!current) {
    return (
      <Box borderRadius="l3" overflow="hidden" borderWidth="1px">
        <ProductImage src={null} alt="" />
      </Box>
    );
  }

  return (
    <Flex direction="column" gap="3">
      <AspectRatio ratio={1} bg="white" borderRadius="l3" overflow="hidden" borderWidth="1px">
        <Box
          asChild
          position="relative"
          cursor="zoom-in"
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
        >
          <button
            ref={opener}
            type="button"
            aria-label={`Nagyítás: ${current.alt ?? product.title}${images.length > 1 ? ` (${index + 1}. kép)` : ''}`}
            aria-haspopup="dialog"
            onClick={() => setLightboxOpen(true)}
            onPointerEnter={() => void loadLightbox()}
            onFocus={() => void loadLightbox()}
          >
            <img
              src={current.full}
              // The page's largest picture: a phone with an ordinary screen takes the 480 px variant.
              srcSet={`${current.card} 480w, ${current.full} 1200w`}
              sizes="(max-width: 60em) 100vw, 600px"
              alt={current.alt ?? product.title}
              width={1200}
              height={1200}
              fetchPriority="high"
              decoding="async"
              style={{ objectFit: 'contain', width: '100%', height: '100%' }}
            />
            <Flex
              position="absolute"
              right="3"
              bottom="3"
              boxSize="10"
              align="center"
              justify="center"
              rounded="full"
              bg="blackAlpha.600"
              color="white"
              aria-hidden="true"
            >
              <Icon boxSize="5">
                <LuZoomIn />
              </Icon>
            </Flex>
          </button>
        </Box>
      </AspectRatio>
      {images.length > 1 && (
        <Flex as="ul" listStyleType="none" gap="2" overflowX="auto" aria-label="Képek">
          {images.map((image, position) => (
            <li key={image.id}>
              <Box
                asChild
                boxSize={{ base: '16', md: '20' }}
                borderRadius="l2"
                overflow="hidden"
                borderWidth="2px"
                borderColor={position === index ? 'brand.solid' : 'transparent'}
                bg="white"
                cursor="pointer"
                _focusVisible={{
                  outline: '2px solid',
                  outlineColor: 'brand.focusRing',
                  outlineOffset: '2px',
                }}
              >
                <button
                  type="button"
                  aria-label={`${position + 1}. kép`}
                  aria-current={position === index ? 'true' : undefined}
                  onClick={() => setIndex(position)}
                >
                  <Image
                    src={image.thumb}
                    alt=""
                    width={160}
                    height={160}
                    loading="lazy"
                    objectFit="cover"
                    w="full"
                    h="full"
                  />
                </button>
              </Box>
            </li>
          ))}
        </Flex>
      )}
      {lightboxOpen && (
        <Suspense fallback={null}>
          <ProductLightbox
            product={product}
            startAt={index}
            returnFocusTo={opener}
            onClose={(shown) => {
              setIndex(shown);
              setLightboxOpen(false);
            }}
          />
        </Suspense>
      )}
    </Flex>
  );
}
