import { Box, Button, Flex, IconButton, Image, SimpleGrid } from '@chakra-ui/react';
import { toaster } from '@shop/ui';
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useRef, useState } from 'react';
import { LuArrowDown, LuArrowUp, LuTrash2, LuUpload } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { readImageFile } from './image-upload';
import { ProductSection } from './product-section';

export type ImageRef = { id: number; thumb: string };

/** Uploads, orders and removes the product's images; the first one is the main image. */
export function ProductImagesSection({
  images,
  onChange,
  altText,
}: {
  images: ImageRef[];
  onChange: Dispatch<SetStateAction<ImageRef[]>>;
  altText: string;
}) {
  const trpc = useTRPC();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useMutation(
    trpc.media.upload.mutationOptions({ meta: { errorTitle: 'A kép feltöltése nem sikerült.' } }),
  );
  const [uploading, setUploading] = useState(false);

  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setUploading(true);
    try {
      for (const file of Array.from(files)) {
        const image = await readImageFile(file).catch((error: Error) => {
          toaster.error({ title: 'A kép feltöltése nem sikerült.', description: error.message });
          return null;
        });
        if (!image) continue;
        try {
          const media = await upload.mutateAsync({ ...image, alt: altText || null });
          onChange((current) => [...current, { id: media.id, thumb: media.urls.thumb }]);
        } catch {
          // The mutation's own error toast said why; the other files still go up.
        }
      }
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const moveImage = (index: number, delta: number) =>
    onChange((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(index + delta, 0, moved);
      return next;
    });

  return (
    <ProductSection
      title="Képek"
      description="Az első kép a fő kép. JPEG, PNG, WebP vagy GIF, legfeljebb 8 MB."
    >
      {images.length > 0 && (
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
          {images.map((image, index) => (
            <Box key={image.id} borderWidth="1px" borderRadius="l2" overflow="hidden" bg="bg.subtle">
              <Image
                src={image.thumb}
                alt={`${index + 1}. kép`}
                width={160}
                height={160}
                w="full"
                aspectRatio={1}
                objectFit="cover"
              />
              <Flex justify="space-between" p="1" bg="white">
                <Flex>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`${index + 1}. kép előrébb`}
                    disabled={index === 0}
                    onClick={() => moveImage(index, -1)}
                  >
                    <LuArrowUp />
                  </IconButton>
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={`${index + 1}. kép hátrébb`}
                    disabled={index === images.length - 1}
                    onClick={() => moveImage(index, 1)}
                  >
                    <LuArrowDown />
                  </IconButton>
                </Flex>
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`${index + 1}. kép eltávolítása`}
                  onClick={() => onChange(images.filter((_, position) => position !== index))}
                >
                  <LuTrash2 />
                </IconButton>
              </Flex>
            </Box>
          ))}
        </SimpleGrid>
      )}
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        multiple
        hidden
        aria-label="Képek feltöltése"
        onChange={(event) => void onFiles(event.target.files)}
      />
      <Button
        variant="outline"
        alignSelf="flex-start"
        loading={uploading}
        onClick={() => fileInput.current?.click()}
      >
        <LuUpload /> Kép feltöltése
      </Button>
    </ProductSection>
  );
}
