import { Box, Button, Field, Flex, Stack, Text } from '@chakra-ui/react';
import { formatFileSize } from '@shop/ui';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LuFileArchive, LuFileSpreadsheet, LuUpload } from 'react-icons/lu';
import { readFileAsBase64 } from '../../lib/read-file';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import type { UploadedImport } from './import-types';
import { picturesFileProblem, sheetFileProblem } from './sheet-file';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Step 1: choose a sheet (and, when its picture cells name files, the ZIP of those pictures), see
 * their names and sizes, upload them. Nothing in the shop changes yet.
 */
export function UploadPanel({ onUploaded }: { onUploaded: (job: UploadedImport) => void }) {
  const trpc = useTRPC();
  const input = useRef<HTMLInputElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation(trpc.productImport.upload.mutationOptions({ meta: { toastError: false } }));
  const attach = useMutation(
    trpc.productImport.attachPictures.mutationOptions({ meta: { toastError: false } }),
  );

  const choose = (chosen: File | undefined) => {
    upload.reset();
    setFile(chosen ?? null);
    setProblem((chosen ? sheetFileProblem(chosen) : null) ?? (zip ? picturesFileProblem(zip) : null));
  };

  const chooseZip = (chosen: File | undefined) => {
    attach.reset();
    setZip(chosen ?? null);
    setProblem((file ? sheetFileProblem(file) : null) ?? (chosen ? picturesFileProblem(chosen) : null));
  };

  const send = async () => {
    if (!file) return;
    setReading(true);
    let sheet: string;
    let pictures: string | null;
    try {
      sheet = await readFileAsBase64(file);
      pictures = zip ? await readFileAsBase64(zip) : null;
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      return;
    } finally {
      setReading(false);
    }
    // A refusal of either call is shown from the mutation's own state below.
    const job = await upload.mutateAsync({ fileName: file.name, dataBase64: sheet }).catch(() => null);
    if (!job) return;
    if (pictures && !(await attach.mutateAsync({ id: job.id, dataBase64: pictures }).catch(() => null)))
      return;
    onUploaded(job);
  };

  const failed = upload.error ?? attach.error;
  const error = problem ?? (failed ? errorMessage(failed) : null);
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
          <Text fontSize="sm" color="fg.muted">
            Ha a Képek oszlop fájlneveket tartalmaz (például „bogre.jpg”), töltsd fel mellé a képeket egy
            ZIP-fájlban, 50 MB-ig. Webcímekről a bolt maga tölti le a képeket.
          </Text>
          <input
            ref={zipInput}
            type="file"
            accept=".zip,application/zip"
            hidden
            aria-label="Képek ZIP-fájljának kiválasztása"
            onChange={(event) => chooseZip(event.target.files?.[0])}
          />
          <Flex gap="3" align="center" wrap="wrap">
            <Button variant="outline" onClick={() => zipInput.current?.click()}>
              <LuFileArchive /> {zip ? 'Másik ZIP' : 'Képek ZIP-ben (nem kötelező)'}
            </Button>
            {zip && (
              <Box minW="0" flex="1">
                <Text fontWeight="medium" truncate>
                  {zip.name}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {formatFileSize(zip.size)}
                </Text>
              </Box>
            )}
          </Flex>
          <Box>
            <Button
              colorPalette="brand"
              disabled={!file || Boolean(problem)}
              loading={reading || upload.isPending || attach.isPending}
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
