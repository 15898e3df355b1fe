import { Box, Button, Field, Flex, Stack, Text } from '@chakra-ui/react';
import { formatFileSize } from '@shop/ui';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LuFileSpreadsheet, LuUpload } from 'react-icons/lu';
import { readFileAsBase64 } from '../../lib/read-file';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import type { UploadedImport } from './import-types';
import { sheetFileProblem } from './sheet-file';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Step 1: choose a sheet, see its name and size, upload it. Nothing in the shop changes yet. */
export function UploadPanel({ onUploaded }: { onUploaded: (job: UploadedImport) => void }) {
  const trpc = useTRPC();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation(
    trpc.productImport.upload.mutationOptions({ meta: { toastError: false }, onSuccess: onUploaded }),
  );

  const choose = (chosen: File | undefined) => {
    upload.reset();
    setFile(chosen ?? null);
    setProblem(chosen ? sheetFileProblem(chosen) : null);
  };

  const send = async () => {
    if (!file) return;
    setReading(true);
    try {
      upload.mutate({ fileName: file.name, dataBase64: await readFileAsBase64(file) });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setReading(false);
    }
  };

  const error = problem ?? (upload.error ? errorMessage(upload.error) : null);
  return (
    <AdminPanel p={{ base: '4', md: '6' }}>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label fontSize="md">A terméktáblázat</Field.Label>
        <Stack gap="3" w="full">
          <Text fontSize="sm" color="fg.muted">
            CSV vagy XLSX, legfeljebb 50 MB: a saját exportunk, vagy UNAS, Shoprenter, WooCommerce
            termékexportja. Feltöltés után megnézheted, melyik oszlop melyik mezőbe kerüljön; a próba előtt a
            boltban semmi nem változik.
          </Text>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            aria-label="Terméktáblázat kiválasztása"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <Flex gap="3" align="center" wrap="wrap">
            <Button variant="outline" onClick={() => input.current?.click()}>
              <LuFileSpreadsheet /> {file ? 'Másik fájl' : 'Fájl kiválasztása'}
            </Button>
            {file && (
              <Box minW="0" flex="1">
                <Text fontWeight="medium" truncate>
                  {file.name}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatFileSize(file.size)}
                </Text>
              </Box>
            )}
          </Flex>
          <Box>
            <Button
              colorPalette="brand"
              disabled={!file || Boolean(problem)}
              loading={reading || upload.isPending}
              loadingText="Feltöltés…"
              onClick={() => void send()}
            >
              <LuUpload /> Feltöltés
            </Button>
          </Box>
        </Stack>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    </AdminPanel>
  );
}
