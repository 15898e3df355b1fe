import { Badge, Field, Grid, Input, NativeSelect, Text } from '@chakra-ui/react';
import {
  POPUP_AUDIENCE_LABELS,
  POPUP_AUDIENCES,
  POPUP_FREQUENCIES,
  POPUP_FREQUENCY_LABELS,
  type TPopup,
  type TPopupAudience,
  type TPopupFrequency,
  ZPopupSaveInput,
} from '@shop/api/schemas';
import { formatDateTime } from '@shop/ui';
import { useState } from 'react';
import { DescribedFieldRoot, SwitchField } from '../../components/form/fields';
import { useTRPC } from '../../lib/trpc';
import { EditPage } from '../admin/edit-page/edit-page';
import { useEditForm } from '../admin/edit-page/use-edit-form';
import { FormWithPreview } from '../admin/form-with-preview';
import { RichTextField } from '../admin/rich-text/rich-text-field';
import { chosenImageOf, MediaImageField } from '../admin-media/media-image-field';
import { PopupCard } from '../popup/popup-card';
import { ActiveWindowFields, bannerWindowText, useActiveWindowDraft } from './banner-window';

function PopupForm({ popup }: { popup: TPopup }) {
  const trpc = useTRPC();
  const [enabled, setEnabled] = useState(popup.enabled);
  const [title, setTitle] = useState(popup.title);
  const [body, setBody] = useState(popup.body);
  const [link, setLink] = useState(popup.link ?? '');
  const [image, setImage] = useState(chosenImageOf(popup.image));
  const activeWindow = useActiveWindowDraft(popup);
  const [audience, setAudience] = useState<TPopupAudience>(popup.audience);
  const [frequency, setFrequency] = useState<TPopupFrequency>(popup.frequency);
  const edit = useEditForm({
    isNew: false,
    values: {
      enabled,
      title,
      body,
      link: link.trim() || null,
      imageId: image?.id ?? null,
      ...activeWindow.values,
      audience,
      frequency,
    },
    permission: 'content:write',
    schema: ZPopupSaveInput,
    invalidates: trpc.popup.pathFilter(),
    save: {
      mutation: trpc.popup.save,
      saved: (saved) => ({
        title: 'A felugró ablak mentve.',
        description: saved.active
          ? 'Mostantól a látogatók is látják (mindenki egyszer, a gyakoriság szerint).'
          : 'Most nem jelenik meg: kikapcsolt, vagy az aktív időszakán kívül van.',
      }),
    },
  });
  const { errors } = edit;

  return (
    <FormWithPreview
      edit={edit}
      preview={
        <PopupCard
          popup={{
            title: title || 'Cím nélkül',
            body,
            link: link.trim() || null,
            image: image ? { card: image.url, full: image.url } : null,
          }}
          onClose={() => undefined}
        />
      }
    >
      <SwitchField checked={enabled} onCheckedChange={setEnabled}>
        Bekapcsolva
      </SwitchField>
      <DescribedFieldRoot invalid={Boolean(errors.title)} required>
        <Field.Label>
          Cím <Field.RequiredIndicator />
        </Field.Label>
        <Input value={title} onChange={(event) => setTitle(event.target.value)} maxLength={200} />
        <Field.ErrorText>{errors.title}</Field.ErrorText>
      </DescribedFieldRoot>
      <RichTextField label="Szöveg" value={body} onChange={setBody} errorText={errors.body} />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <DescribedFieldRoot invalid={Boolean(errors.link)}>
          <Field.Label>Hivatkozás</Field.Label>
          <Input
            value={link}
            onChange={(event) => setLink(event.target.value)}
            placeholder="/services/registration"
          />
          {!errors.link && <Field.HelperText>Ha megadod, „Részletek” gomb visz ide.</Field.HelperText>}
          <Field.ErrorText>{errors.link}</Field.ErrorText>
        </DescribedFieldRoot>
        <MediaImageField
          label="Kép"
          value={image}
          onChange={setImage}
          helper="Fekvő kép az ablak tetején (nem kötelező)."
          error={errors.imageId}
          aspectRatio={16 / 9}
        />
      </Grid>
      <ActiveWindowFields draft={activeWindow} errors={errors} />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <Field.Root>
          <Field.Label>Kinek jelenjen meg</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={audience}
              onChange={(event) => setAudience(event.currentTarget.value as TPopupAudience)}
            >
              {POPUP_AUDIENCES.map((value) => (
                <option key={value} value={value}>
                  {POPUP_AUDIENCE_LABELS[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Milyen gyakran</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={frequency}
              onChange={(event) => setFrequency(event.currentTarget.value as TPopupFrequency)}
            >
              {POPUP_FREQUENCIES.map((value) => (
                <option key={value} value={value}>
                  {POPUP_FREQUENCY_LABELS[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>Mentés után mindenki újra látja egyszer.</Field.HelperText>
        </Field.Root>
      </Grid>
      <Text fontSize="sm" color="fg.muted">
        Az ablak nem jelenik meg, amíg a süti-tájékoztató nyitva van, sem a kosárban és a pénztárban.
      </Text>
    </FormWithPreview>
  );
}

/** The server's answer before the first save (services/banner/popup.ts). */
const NEVER_SAVED = new Date(0).toISOString();

function PopupState({ popup }: { popup: TPopup }) {
  const period = bannerWindowText(popup);
  return (
    <>
      <Badge colorPalette={popup.active ? 'green' : 'gray'} me="2">
        {popup.active ? 'Látható' : 'Nem látható'}
      </Badge>
      {period && `${period} · `}
      {popup.updatedAt === NEVER_SAVED
        ? 'Még nincs mentve.'
        : `Utoljára módosítva: ${formatDateTime(popup.updatedAt)}`}
    </>
  );
}

/** /admin/other/popup: the shop's one popup. */
export function PopupPage() {
  const trpc = useTRPC();
  return (
    <EditPage
      load={trpc.popup.get.queryOptions()}
      title={() => 'Felugró ablak'}
      description={(popup) => popup && <PopupState popup={popup} />}
    >
      {(popup) => {
        if (!popup) throw new Error('Az admin mindig megkapja a felugró ablakot.');
        return <PopupForm key={popup.updatedAt} popup={popup} />;
      }}
    </EditPage>
  );
}
