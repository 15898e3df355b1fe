import { Field, Flex, Grid, Input, Textarea } from '@chakra-ui/react';
import { type TBanner, ZBannerCreateInput, ZBannerUpdateInput } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatDateTime } from '@shop/ui';
import { useMemo, useState } from 'react';
import { DescribedFieldRoot, SwitchField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { NotFoundPage } from '../../components/not-found-page';
import {
  DESCRIPTION_ERROR_KEYS,
  DescriptionTitleRow,
  useDescriptionDraft,
} from '../admin/description-language';
import { BackToList, EditPage } from '../admin/edit-page/edit-page';
import { PositionField } from '../admin/edit-page/position-field';
import { useEditForm } from '../admin/edit-page/use-edit-form';
import { FormWithPreview } from '../admin/form-with-preview';
import { type ChosenImage, chosenImageOf, MediaImageField } from '../admin-media/media-image-field';
import { BannerSlide } from '../home-banners/banner-slide';
import { BANNER_SCREENS, type BannerKind, useBannerApi } from './banner-kind';
import { ActiveWindowFields, useActiveWindowDraft } from './banner-window';
import { plainTextOf } from './plain-text';

function BannerForm({ kind, banner }: { kind: BannerKind; banner: TBanner | null }) {
  const api = useBannerApi(kind);
  const screen = BANNER_SCREENS[kind];
  // The short text is plain text: the stored (escaped) HTML is shown as the words it reads as.
  const plainDescriptions = useMemo(
    () =>
      (banner?.descriptions ?? []).map((d) => ({ ...d, body: d.body === null ? null : plainTextOf(d.body) })),
    [banner],
  );
  const description = useDescriptionDraft(plainDescriptions);
  const [link, setLink] = useState(banner?.link ?? '');
  const [buttonLabel, setButtonLabel] = useState(banner?.buttonLabel ?? '');
  const [position, setPosition] = useState(String(banner?.position ?? 0));
  const [enabled, setEnabled] = useState(banner?.enabled ?? true);
  const activeWindow = useActiveWindowDraft(banner);
  const [image, setImage] = useState(chosenImageOf(banner?.image));
  const [mobileImage, setMobileImage] = useState(chosenImageOf(banner?.mobileImage));
  const edit = useEditForm({
    isNew: !banner,
    id: banner?.id,
    values: {
      link: link.trim() || null,
      buttonLabel: buttonLabel.trim() || null,
      position: parseNumberInput(position),
      enabled,
      ...activeWindow.values,
      imageId: image?.id ?? null,
      mobileImageId: mobileImage?.id ?? null,
    },
    description: { draft: description, stored: plainDescriptions },
    paths: { list: screen.listPath, record: `${screen.listPath}/$id` },
    permission: 'content:write',
    schema: banner ? ZBannerUpdateInput : ZBannerCreateInput,
    invalidates: api.pathFilter(),
    create: {
      mutation: api.create,
      created: `${withArticle(screen.one, { capital: true })} létrejött.`,
      failed: 'A létrehozás nem sikerült.',
    },
    save: { mutation: api.update, saved: 'A változások mentve.' },
    remove: {
      mutation: api.delete,
      removed: `${withArticle(screen.one, { capital: true })} törölve.`,
      title: `${screen.one[0]?.toUpperCase()}${screen.one.slice(1)} törlése`,
      question: (
        <>Biztosan törlöd {withArticle(`„${banner?.title}”`)} elemet? A művelet nem vonható vissza.</>
      ),
    },
  });
  const { errors } = edit;

  return (
    <FormWithPreview
      edit={edit}
      preview={
        <BannerSlide
          size="compact"
          slide={{
            title: description.title || 'Cím nélkül',
            text: description.body,
            link: link.trim() || null,
            buttonLabel: buttonLabel.trim() || null,
            image: image ? previewImage(image) : null,
            mobileImage: null,
          }}
        />
      }
    >
      <DescriptionTitleRow draft={description} error={errors[DESCRIPTION_ERROR_KEYS.title]} />
      <DescribedFieldRoot invalid={Boolean(errors[DESCRIPTION_ERROR_KEYS.body])}>
        <Field.Label>Szöveg</Field.Label>
        <Textarea
          value={description.body}
          onChange={(event) => description.setBody(event.target.value)}
          rows={3}
          maxLength={500}
        />
        {!errors[DESCRIPTION_ERROR_KEYS.body] && (
          <Field.HelperText>Egy-két rövid mondat a cím alatt, formázás nélkül.</Field.HelperText>
        )}
        <Field.ErrorText>{errors[DESCRIPTION_ERROR_KEYS.body]}</Field.ErrorText>
      </DescribedFieldRoot>
      <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
        <DescribedFieldRoot invalid={Boolean(errors.link)}>
          <Field.Label>Hivatkozás</Field.Label>
          <Input
            value={link}
            onChange={(event) => setLink(event.target.value)}
            placeholder="/category/konyha vagy https://…"
          />
          {!errors.link && (
            <Field.HelperText>A bolt egy címe vagy teljes webcím; üresen: nem visz sehova.</Field.HelperText>
          )}
          <Field.ErrorText>{errors.link}</Field.ErrorText>
        </DescribedFieldRoot>
        <DescribedFieldRoot invalid={Boolean(errors.buttonLabel)}>
          <Field.Label>Gomb felirata</Field.Label>
          <Input
            value={buttonLabel}
            onChange={(event) => setButtonLabel(event.target.value)}
            placeholder="Megnézem"
            maxLength={60}
          />
          {!errors.buttonLabel && <Field.HelperText>Üresen: „Részletek”.</Field.HelperText>}
          <Field.ErrorText>{errors.buttonLabel}</Field.ErrorText>
        </DescribedFieldRoot>
      </Grid>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <MediaImageField
          label="Asztali kép"
          value={image}
          onChange={setImage}
          helper={
            kind === 'hero' ? 'Fekvő kép, legalább 1600 × 600 px.' : 'Fekvő kép, legalább 1920 × 640 px.'
          }
          error={errors.imageId}
        />
        <MediaImageField
          label="Telefonos kép"
          value={mobileImage}
          onChange={setMobileImage}
          helper="4:3 arányú kép telefonra (például 800 × 600 px); ha nincs, ott is az asztali kép látszik."
          error={errors.mobileImageId}
          aspectRatio={4 / 3}
        />
      </Grid>
      <ActiveWindowFields draft={activeWindow} errors={errors} />
      <Flex gap="6" wrap="wrap" align="flex-end">
        <PositionField value={position} onChange={setPosition} error={errors.position} maxW="40" />
        <SwitchField checked={enabled} onCheckedChange={setEnabled}>
          Bekapcsolva
        </SwitchField>
      </Flex>
    </FormWithPreview>
  );
}

/** The chosen picture in the shape the shop's banner takes (its preview URL serves every size here). */
function previewImage(image: ChosenImage) {
  return {
    id: image.id,
    alt: null,
    width: null,
    height: null,
    card: image.url,
    full: image.url,
    original: image.url,
  };
}

function BannerBackLink({ kind }: { kind: BannerKind }) {
  const screen = BANNER_SCREENS[kind];
  return <BackToList to={screen.listPath}>{screen.title}</BackToList>;
}

/** /admin/other/hero/{id} and /admin/other/sliders/{id}; `new` creates one, an unknown id is the not-found page. */
export function BannerEditPage({ kind, id }: { kind: BannerKind; id: string }) {
  const api = useBannerApi(kind);
  const numeric = Number(id);
  if (id !== 'new' && (!Number.isInteger(numeric) || numeric <= 0 || numeric > 2_147_483_647)) {
    return <NotFoundPage />;
  }
  return (
    <EditPage
      load={id === 'new' ? null : api.byId.queryOptions({ id: numeric })}
      newTitle={BANNER_SCREENS[kind].newTitle}
      newActions={<BannerBackLink kind={kind} />}
      newRecord={<BannerForm kind={kind} banner={null} />}
      title={(banner) => banner.title || BANNER_SCREENS[kind].one}
      description={(banner) => `Utoljára módosítva: ${formatDateTime(banner.updatedAt)}`}
      actions={() => <BannerBackLink kind={kind} />}
    >
      {(banner) => <BannerForm key={banner.updatedAt} kind={kind} banner={banner} />}
    </EditPage>
  );
}
