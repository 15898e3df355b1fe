import { Box, Field, Flex, Grid, Heading, Input, Stack } from '@chakra-ui/react';
import { type TPage, ZPageCreateInput, ZPageUpdateInput } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { useState } from 'react';
import { DescribedFieldRoot, SwitchField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { HtmlContent } from '../../components/html-content';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import {
  DESCRIPTION_ERROR_KEYS,
  DescriptionTitleRow,
  useDescriptionDraft,
} from '../admin/description-language';
import { EditFormFooter } from '../admin/edit-form-footer';
import { EditForm } from '../admin/edit-page/edit-form';
import { BackToList, EditPage, lastModified, OpenInShop } from '../admin/edit-page/edit-page';
import { PositionField } from '../admin/edit-page/position-field';
import { languageSaved, useEditForm } from '../admin/edit-page/use-edit-form';
import { PreviewLabel } from '../admin/preview-label';
import { RichTextField } from '../admin/rich-text/rich-text-field';

function PageForm({ page }: { page: TPage | null }) {
  const trpc = useTRPC();
  const description = useDescriptionDraft(page?.descriptions ?? []);
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [position, setPosition] = useState(String(page?.position ?? 0));
  const [published, setPublished] = useState(page?.published ?? true);
  const [inFooter, setInFooter] = useState(page?.inFooter ?? false);
  const edit = useEditForm({
    isNew: !page,
    id: page?.id,
    values: { slug: slug.trim() || undefined, published, inFooter, position: parseNumberInput(position) },
    description: { draft: description, stored: page?.descriptions ?? [] },
    paths: { list: '/admin/other/page', record: '/admin/other/page/$id' },
    permission: 'content:write',
    schema: page ? ZPageUpdateInput : ZPageCreateInput,
    invalidates: trpc.page.pathFilter(),
    create: {
      mutation: trpc.page.create,
      created: 'Az oldal létrejött.',
      failed: 'Az oldal nem jött létre.',
    },
    save: {
      mutation: trpc.page.update,
      saved: () => ({ title: 'Az oldal mentve.', description: languageSaved(description) }),
    },
    remove: {
      mutation: trpc.page.delete,
      removed: 'Az oldal törölve.',
      title: 'Oldal törlése',
      question: <>Biztosan törlöd {withArticle(`„${page?.title}”`)} oldalt? A művelet nem vonható vissza.</>,
    },
  });
  const { errors } = edit;

  return (
    <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="4" alignItems="start">
      <AdminPanel asChild p={{ base: '4', md: '6' }}>
        <EditForm edit={edit}>
          <Stack gap="5">
            <DescriptionTitleRow draft={description} error={errors[DESCRIPTION_ERROR_KEYS.title]} />
            <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
              <DescribedFieldRoot invalid={Boolean(errors.slug)}>
                <Field.Label>URL-név</Field.Label>
                <Input
                  value={slug}
                  onChange={(event) => setSlug(event.target.value)}
                  placeholder="például szallitasi-informaciok"
                />
                {!errors.slug && (
                  <Field.HelperText>
                    {page ? `Az oldal címe: /page/${page.slug}` : 'Ha üresen hagyod, a címből készül.'}
                  </Field.HelperText>
                )}
                <Field.ErrorText>{errors.slug}</Field.ErrorText>
              </DescribedFieldRoot>
              <PositionField value={position} onChange={setPosition} error={errors.position} />
            </Grid>
            <RichTextField
              label="Tartalom"
              value={description.body}
              onChange={description.setBody}
              errorText={errors[DESCRIPTION_ERROR_KEYS.body]}
            />
            <Flex gap="6" wrap="wrap">
              <SwitchField checked={published} onCheckedChange={setPublished}>
                Közzétéve
              </SwitchField>
              <SwitchField checked={inFooter} onCheckedChange={setInFooter}>
                Megjelenik a láblécben
              </SwitchField>
            </Flex>
            <EditFormFooter {...edit.footer} />
          </Stack>
        </EditForm>
      </AdminPanel>
      <AdminPanel p={{ base: '4', md: '6' }} aria-label="Előnézet">
        <PreviewLabel mb="3">Előnézet</PreviewLabel>
        <Heading as="h2" size="2xl" mb="4">
          {description.title || 'Cím nélkül'}
        </Heading>
        <Box maxH="xl" overflowY="auto">
          <HtmlContent html={description.body} />
        </Box>
      </AdminPanel>
    </Grid>
  );
}

function PageActions({ slug }: { slug?: string }) {
  return (
    <>
      <BackToList to="/admin/other/page">Oldalak</BackToList>
      {slug && <OpenInShop href={`/page/${slug}`} />}
    </>
  );
}

/** /admin/other/page/{id}; `new` creates a page. */
export function PageEditPage({ id }: { id: number | 'new' }) {
  const trpc = useTRPC();
  return (
    <EditPage
      load={id === 'new' ? null : trpc.page.byId.queryOptions({ id })}
      newTitle="Új oldal"
      newActions={<PageActions />}
      title={(page) => page.title}
      description={lastModified}
      actions={(page) => <PageActions slug={page.published ? page.slug : undefined} />}
      form={(page) => <PageForm key={page?.updatedAt} page={page} />}
    />
  );
}
