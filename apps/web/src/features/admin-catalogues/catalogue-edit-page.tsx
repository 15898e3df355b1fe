import { Box, Button, Link as ChakraLink, Field, Flex, Grid, Input, Stack, Text } from '@chakra-ui/react';
import {
  type TCatalogue,
  type TMedia,
  ZCatalogueCreateInput,
  ZCatalogueUpdateInput,
} from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { fromBudapestInput, toaster, toBudapestInput } from '@shop/ui';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LuExternalLink, LuFileUp } from 'react-icons/lu';
import { DescribedFieldRoot, SwitchField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import {
  DESCRIPTION_ERROR_KEYS,
  DescriptionTitleRow,
  useDescriptionDraft,
} from '../admin/description-language';
import { EditFormFooter } from '../admin/edit-form-footer';
import { EditForm } from '../admin/edit-page/edit-form';
import { BackToList, EditPage, lastModified } from '../admin/edit-page/edit-page';
import { PositionField } from '../admin/edit-page/position-field';
import { languageSaved, useEditForm } from '../admin/edit-page/use-edit-form';
import { RichTextField } from '../admin/rich-text/rich-text-field';
import { type ChosenImage, MediaImageField } from '../admin-media/media-image-field';
import { pdfSizeText } from '../catalogues/catalogue-validity';
import { readPdfFile } from './pdf-upload';

type ChosenPdf = { id: number; name: string; sizeBytes: number; url: string; pageCount: number | null };

function PdfField({
  value,
  onUploaded,
  error,
}: {
  value: ChosenPdf | null;
  onUploaded: (media: TMedia) => void;
  error?: string;
}) {
  const trpc = useTRPC();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation(
    trpc.media.upload.mutationOptions({
      onSuccess: (media) => {
        onUploaded(media);
        toaster.success({ title: 'A PDF feltöltve.', description: 'Mentéskor kerül a katalógusba.' });
      },
      meta: { errorTitle: 'A PDF feltöltése nem sikerült.' },
    }),
  );
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      upload.mutate(await readPdfFile(file));
    } catch (failure) {
      toaster.error({ title: 'A PDF feltöltése nem sikerült.', description: (failure as Error).message });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <DescribedFieldRoot invalid={Boolean(error)}>
      <Field.Label>PDF-fájl</Field.Label>
      <Stack gap="2" w="full">
        {value ? (
          <Flex gap="3" align="center" wrap="wrap" borderWidth="1px" borderRadius="l2" p="3" bg="bg.subtle">
            <Box minW="0" flex="1">
              <Text fontWeight="medium" truncate>
                {value.name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {pdfSizeText(value.pageCount, value.sizeBytes)}
              </Text>
            </Box>
            <Button asChild size="sm" variant="ghost">
              <ChakraLink href={value.url} target="_blank" rel="noopener">
                Megnyitás <LuExternalLink />
              </ChakraLink>
            </Button>
          </Flex>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Még nincs feltöltött PDF.
          </Text>
        )}
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          aria-label="PDF-fájl kiválasztása"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <Box>
          <Button
            size="sm"
            variant="outline"
            loading={upload.isPending}
            onClick={() => input.current?.click()}
          >
            <LuFileUp /> {value ? 'Másik PDF feltöltése' : 'PDF feltöltése'}
          </Button>
        </Box>
      </Stack>
      {!error && (
        <Field.HelperText>
          Legfeljebb 30 MB. A vásárlók a böngészőjük PDF-nézőjében nyitják meg.
        </Field.HelperText>
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </DescribedFieldRoot>
  );
}

function CatalogueForm({ catalogue }: { catalogue: TCatalogue | null }) {
  const trpc = useTRPC();
  const description = useDescriptionDraft(catalogue?.descriptions ?? []);
  const [pdf, setPdf] = useState<ChosenPdf | null>(
    catalogue?.file ? { ...catalogue.file, pageCount: catalogue.pageCount } : null,
  );
  const [cover, setCover] = useState<ChosenImage | null>(
    catalogue?.cover ? { id: catalogue.cover.id, url: catalogue.cover.card } : null,
  );
  // A cover the admin picked stays when the PDF is replaced; one drawn from the old PDF is redrawn.
  const [coverPicked, setCoverPicked] = useState(false);
  const [validFrom, setValidFrom] = useState(toBudapestInput(catalogue?.validFrom));
  const [validTo, setValidTo] = useState(toBudapestInput(catalogue?.validTo));
  const [position, setPosition] = useState(String(catalogue?.position ?? 0));
  const [enabled, setEnabled] = useState(catalogue?.enabled ?? true);
  const edit = useEditForm({
    isNew: !catalogue,
    id: catalogue?.id,
    values: {
      file: pdf?.id,
      image: cover?.id ?? null,
      validFrom: fromBudapestInput(validFrom) ?? null,
      validTo: fromBudapestInput(validTo) ?? null,
      position: parseNumberInput(position),
      enabled,
    },
    description: { draft: description, stored: catalogue?.descriptions ?? [] },
    paths: { list: '/admin/other/catalogue', record: '/admin/other/catalogue/$id' },
    permission: 'catalogue:write',
    schema: catalogue ? ZCatalogueUpdateInput : ZCatalogueCreateInput,
    invalidates: trpc.catalogue.pathFilter(),
    create: {
      mutation: trpc.catalogue.create,
      created: 'A katalógus létrejött.',
      failed: 'A katalógus nem jött létre.',
    },
    save: {
      mutation: trpc.catalogue.update,
      saved: () => ({
        title: 'A katalógus mentve.',
        description: languageSaved(description, 'cím és leírás'),
      }),
    },
    remove: {
      mutation: trpc.catalogue.delete,
      removed: 'A katalógus törölve.',
      title: 'Katalógus törlése',
      question: (
        <>
          Biztosan törlöd {withArticle(`„${catalogue?.title}”`)} katalógust a PDF-jével együtt? A művelet nem
          vonható vissza.
        </>
      ),
    },
  });
  const { errors } = edit;

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <EditForm edit={edit}>
        <Stack gap="5">
          <DescriptionTitleRow draft={description} error={errors[DESCRIPTION_ERROR_KEYS.title]} />
          <RichTextField
            label="Rövid leírás"
            value={description.body}
            onChange={description.setBody}
            invalid={Boolean(errors[DESCRIPTION_ERROR_KEYS.body])}
            errorText={errors[DESCRIPTION_ERROR_KEYS.body]}
            helperText="Egy-két mondat a katalógus kártyáján, a cím alatt."
          />
          <Grid templateColumns={{ base: '1fr', md: '1fr 16rem' }} gap="5" alignItems="start">
            <PdfField
              value={pdf}
              error={errors.file}
              onUploaded={(media) => {
                setPdf({
                  id: media.id,
                  name: media.originalName,
                  sizeBytes: media.sizeBytes,
                  url: media.urls.original,
                  pageCount: null,
                });
                if (!coverPicked) setCover(null);
              }}
            />
            <MediaImageField
              label="Borítókép"
              value={cover}
              aspectRatio={1 / Math.SQRT2}
              error={errors.image}
              onChange={(image) => {
                setCover(image);
                setCoverPicked(image !== null);
              }}
              helper="Ha nincs kiválasztott kép, mentéskor a PDF első oldalából készül."
            />
          </Grid>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <DescribedFieldRoot invalid={Boolean(errors.validFrom)}>
              <Field.Label>Érvényes ettől</Field.Label>
              <Input
                type="datetime-local"
                value={validFrom}
                onChange={(event) => setValidFrom(event.target.value)}
              />
              {!errors.validFrom && <Field.HelperText>Budapesti idő; üresen: azonnal.</Field.HelperText>}
              <Field.ErrorText>{errors.validFrom}</Field.ErrorText>
            </DescribedFieldRoot>
            <DescribedFieldRoot invalid={Boolean(errors.validTo)}>
              <Field.Label>Érvényes eddig</Field.Label>
              <Input
                type="datetime-local"
                value={validTo}
                onChange={(event) => setValidTo(event.target.value)}
              />
              {!errors.validTo && (
                <Field.HelperText>
                  Budapesti idő; ekkor tűnik el a listából. Üresen: visszavonásig.
                </Field.HelperText>
              )}
              <Field.ErrorText>{errors.validTo}</Field.ErrorText>
            </DescribedFieldRoot>
          </Grid>
          <Flex gap="6" wrap="wrap" align="end">
            <PositionField value={position} onChange={setPosition} error={errors.position} maxW="40" />
            <SwitchField checked={enabled} onCheckedChange={setEnabled}>
              Bekapcsolva
            </SwitchField>
          </Flex>
          <EditFormFooter {...edit.footer} />
        </Stack>
      </EditForm>
    </AdminPanel>
  );
}

/** /admin/other/catalogue/{id}; `new` creates a catalogue. */
export function CatalogueEditPage({ id }: { id: number | 'new' }) {
  const trpc = useTRPC();
  return (
    <EditPage
      load={id === 'new' ? null : trpc.catalogue.byId.queryOptions({ id })}
      newTitle="Új katalógus"
      title={(catalogue) => catalogue.title}
      description={lastModified}
      actions={<BackToList to="/admin/other/catalogue">Katalógusok</BackToList>}
      form={(catalogue) => <CatalogueForm key={catalogue?.updatedAt} catalogue={catalogue} />}
    />
  );
}
