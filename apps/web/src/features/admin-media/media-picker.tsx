import { Box, Button, chakra, Flex, Image, SimpleGrid, Text } from '@chakra-ui/react';
import type { TMedia } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import { PageButtons } from '../../components/pagination';
import { useTRPC } from '../../lib/trpc';
import { readImageFile } from '../admin-products/image-upload';

const PAGE_SIZE = 18;

/**
 * Choosing one image of the media library, newest first, or uploading a new one (which is chosen at
 * once). Each image is a toggle button named by its file name, so a keyboard or screen-reader user
 * picks as easily as a mouse user.
 */
export function MediaPicker({
  selectedId,
  onSelect,
}: {
  selectedId: number | null;
  onSelect: (media: TMedia) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const fileInput = useRef<HTMLInputElement>(null);
  const { data, isPending } = useQuery({
    ...trpc.media.list.queryOptions({ page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const upload = useMutation(
    trpc.media.upload.mutationOptions({
      onSuccess: (media) => {
        onSelect(media);
        setPage(1);
        void queryClient.invalidateQueries(trpc.media.pathFilter());
      },
      meta: { errorTitle: 'A feltöltés nem sikerült.' },
    }),
  );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      upload.mutate(await readImageFile(file));
    } catch (error) {
      toaster.error({ title: 'A feltöltés nem sikerült.', description: (error as Error).message });
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Box>
      <Flex justify="space-between" align="center" gap="3" mb="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {data ? `${data.total} kép a médiatárban` : 'A médiatár betöltése…'}
        </Text>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          hidden
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <Button
          size="sm"
          variant="outline"
          loading={upload.isPending}
          onClick={() => fileInput.current?.click()}
        >
          <LuUpload /> Új kép feltöltése
        </Button>
      </Flex>
      {!isPending && data?.items.length === 0 && (
        <Box p="6" textAlign="center" color="fg.muted" borderWidth="1px" borderRadius="l2">
          Még nincs kép a médiatárban; tölts fel egyet.
        </Box>
      )}
      <SimpleGrid columns={{ base: 3, sm: 4, md: 6 }} gap="2">
        {data?.items.map((media) => {
          const selected = media.id === selectedId;
          return (
            <chakra.button
              key={media.id}
              type="button"
              aria-pressed={selected}
              aria-label={media.alt || media.originalName}
              title={media.originalName}
              onClick={() => onSelect(media)}
              borderRadius="l2"
              overflow="hidden"
              outlineWidth={selected ? '3px' : '1px'}
              outlineStyle="solid"
              outlineColor={selected ? 'brand.solid' : 'border'}
              outlineOffset={selected ? '1px' : '0'}
              bg="bg.subtle"
              cursor="pointer"
              _focusVisible={{ outlineColor: 'brand.focusRing', outlineWidth: '3px' }}
            >
              <Image
                src={media.urls.thumb}
                alt=""
                width={160}
                height={160}
                loading="lazy"
                w="full"
                h="auto"
                aspectRatio={1}
                objectFit="cover"
              />
            </chakra.button>
          );
        })}
      </SimpleGrid>
      {data && (
        <Flex justify="center" mt="3">
          <PageButtons page={page} pageSize={PAGE_SIZE} total={data.total} onPageChange={setPage} />
        </Flex>
      )}
    </Box>
  );
}
