import { Box, Button, Image, SimpleGrid, Text } from '@chakra-ui/react';
import { formatDateTime, formatFileSize, toaster } from '@shop/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import { ListPagination } from '../../components/pagination';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { readImageFile } from '../admin-products/image-upload';

const PAGE_SIZE = 48;

/** /admin/catalog/media: the uploaded images, newest first, and uploading new ones. */
export function MediaPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const { data } = useQuery({
    ...trpc.media.list.queryOptions({ page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const upload = useMutation(
    trpc.media.upload.mutationOptions({ meta: { errorTitle: 'A feltöltés nem sikerült.' } }),
  );

  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setUploading(true);
    let uploaded = 0;
    for (const file of Array.from(files)) {
      const image = await readImageFile(file).catch((error: Error) => {
        toaster.error({ title: 'A feltöltés nem sikerült.', description: error.message });
        return null;
      });
      if (!image) continue;
      try {
        await upload.mutateAsync(image);
        uploaded += 1;
      } catch {
        // The mutation's own error toast said why; the other files still go up.
      }
    }
    setUploading(false);
    if (fileInput.current) fileInput.current.value = '';
    if (uploaded > 0) {
      toaster.success({ title: `${uploaded} kép feltöltve.` });
      setPage(1);
      void queryClient.invalidateQueries(trpc.media.pathFilter());
    }
  };

  return (
    <AdminPage
      title="Médiatár"
      description="A feltöltött képek; a bolt 160, 480 és 1200 px széles változatokat szolgál ki belőlük."
      actions={
        <>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            hidden
            aria-label="Képek feltöltése"
            onChange={(event) => void onFiles(event.target.files)}
          />
          <Button colorPalette="brand" loading={uploading} onClick={() => fileInput.current?.click()}>
            <LuUpload /> Képek feltöltése
          </Button>
        </>
      }
    >
      <AdminPanel overflow="hidden">
        {data && data.items.length === 0 && (
          <Box p="8" textAlign="center" color="fg.muted">
            Még nincs feltöltött kép.
          </Box>
        )}
        <SimpleGrid columns={{ base: 2, sm: 3, md: 4, lg: 6 }} gap="3" p={{ base: '3', md: '4' }}>
          {data?.items.map((media) => (
            <Box key={media.id} borderWidth="1px" borderRadius="l2" overflow="hidden" bg="bg.subtle">
              {/* Named by the picture's file, not its alternative text, which is empty for a decorative one. */}
              <a
                href={media.urls.original}
                target="_blank"
                rel="noopener"
                aria-label={`${media.originalName}: eredeti méret, új lapon`}
              >
                <Image
                  src={media.urls.thumb}
                  alt={media.alt ?? media.originalName}
                  width={160}
                  height={160}
                  loading="lazy"
                  w="full"
                  aspectRatio={1}
                  objectFit="cover"
                />
              </a>
              <Box p="2" bg="white">
                <Text fontSize="xs" fontWeight="medium" truncate title={media.originalName}>
                  {media.originalName}
                </Text>
                <Text fontSize="2xs" color="fg.muted">
                  #{media.id} · {media.width && media.height ? `${media.width}×${media.height} · ` : ''}
                  {formatFileSize(media.sizeBytes)}
                </Text>
                <Text fontSize="2xs" color="fg.muted">
                  {formatDateTime(media.createdAt)}
                </Text>
              </Box>
            </Box>
          ))}
        </SimpleGrid>
        {data && (
          <ListPagination
            page={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            onPageChange={setPage}
            unit="kép"
          />
        )}
      </AdminPanel>
    </AdminPage>
  );
}
