import { AspectRatio, Box, Flex, Image } from '@chakra-ui/react';
import type { TProduct } from '@shop/api/schemas';
import { useState } from 'react';
import { ProductImage } from '../catalog/product-card';

/** The large image (the server's 1200 px `full` size) and the thumbnails that switch it. */
export function ProductGallery({ product }: { product: TProduct }) {
  const [index, setIndex] = useState(0);
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
        <img
          src={current.full}
          alt={current.alt ?? product.title}
          width={1200}
          height={1200}
          fetchPriority="high"
          decoding="async"
          style={{ objectFit: 'contain', width: '100%', height: '100%' }}
        />
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
    </Flex>
  );
}
