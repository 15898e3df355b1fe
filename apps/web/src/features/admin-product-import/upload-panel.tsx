import { Box, Button, Field, Flex, Progress, Stack, Text } from '@chakra-ui/react';
import { formatFileSize } from '@shop/ui';
import { useRef, useState } from 'react';
import { LuFileArchive, LuFileSpreadsheet, LuUpload } from 'react-icons/lu';
import { DescribedFieldRoot } from '../../components/form/fields';
import { UploadError, uploadFile } from '../../lib/upload-file';
import { AdminPanel } from '../admin/admin-page';
import type { UploadedImport } from './import-types';
import { PICTURES_CONTENT_TYPE, picturesFileProblem, sheetContentType, sheetFileProblem } from './sheet-file';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Which file is on its way, and how much of it has gone. */
type Sending = { what: 'sheet' | 'pictures'; sent: number };

/**
 * Step 1: choose a sheet (and, when its picture cells name files, the ZIP of those pictures), see
 * their names and sizes, upload them. Nothing in the shop changes yet.
 */
export function UploadPanel({ onUploaded }: { onUploaded: (job: UploadedImport) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    setFailure(null);
    setProblem((chosen ? sheetFileProblem(chosen) : null) ?? (zip ? picturesFileProblem(zip) : null));
  };

  const chooseZip = (chosen: File | undefined) => {
    setZip(chosen ?? null);
    setFailure(null);
    setProblem((file ? sheetFileProblem(file) : null) ?? (chosen ? picturesFileProblem(chosen) : null));
  };

  // The files go as they are, read from disk by the browser (lib/upload-file.ts): the sheet first,
  // then the ZIP beside the import the sheet made.
  const send = async () => {
    if (!file || sending) return;
    setFailure(null);
    try {
      setSending({ what: 'sheet', sent: 0 });
      const job = await uploadFile<UploadedImport>(
        `/api/product-import?fileName=${encodeURIComponent(file.name)}`,
        file,
        sheetContentType(file.name),
        (sent) => setSending({ what: 'sheet', sent }),
      );
      if (zip) {
        setSending({ what: 'pictures', sent: 0 });
        await uploadFile(`/api/product-import/${job.id}/pictures`, zip, PICTURES_CONTENT_TYPE, (sent) =>
          setSending({ what: 'pictures', sent }),
        );
      }
      onUploaded(job);
    } catch (error) {
      setFailure(error instanceof UploadError ? error.message : String(error));
    } finally {
      setSending(null);
    }
  };

  const error = problem ?? failure;
  return (
    <AdminPanel p={{ base: '4', md: '6' }}>
      <DescribedFieldRoot invalid={Boolean(error)}>
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
              loading={Boolean(sending)}
              loadingText="Feltöltés…"
              onClick={() => void send()}
            >
              <LuUpload /> Feltöltés
            </Button>
          </Box>
          {sending && <SendingProgress sending={sending} />}
        </Stack>
        <Field.ErrorText>{error}</Field.ErrorText>
      </DescribedFieldRoot>
    </AdminPanel>
  );
}

/** How much of the sheet or the ZIP has gone; the server reads it as it arrives. */
function SendingProgress({ sending }: { sending: Sending }) {
  const percent = Math.round(sending.sent * 100);
  const label = sending.what === 'sheet' ? 'A táblázat feltöltése' : 'A képek feltöltése';
  return (
    <Stack gap="1">
      <Progress.Root value={percent} colorPalette="brand" aria-label={label} size="sm">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" role="status">
        {label}: {percent} %{percent === 100 ? ', a bolt olvassa…' : ''}
      </Text>
    </Stack>
  );
}
