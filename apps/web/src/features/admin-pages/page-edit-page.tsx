import { Box, Button, Link as ChakraLink, Field, Flex, Grid, Heading, Input, Stack } from '@chakra-ui/react';
import { type TPage, ZPageCreateInput, ZPageUpdateInput } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatDateTime, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { LuArrowLeft, LuExternalLink } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SwitchField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useZodForm } from '../../components/form/use-zod-form';
import { HtmlContent } from '../../components/html-content';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import {
  DESCRIPTION_ERROR_KEYS,
  DescriptionTitleRow,
  languageName,
  useDescriptionDraft,
} from '../admin/description-language';
import { EditFormFooter } from '../admin/edit-form-footer';
import { PreviewLabel } from '../admin/preview-label';
import { RichTextField } from '../admin/rich-text/rich-text-field';

function PageForm({ page }: { page: TPage | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const description = useDescriptionDraft(page?.descriptions ?? []);
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [position, setPosition] = useState(String(page?.position ?? 0));
  const [published, setPublished] = useState(page?.published ?? true);
  const [inFooter, setInFooter] = useState(page?.inFooter ?? false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { errors, validate, failWith } = useZodForm(page ? ZPageUpdateInput : ZPageCreateInput);

  const invalidate = () => queryClient.invalidateQueries(trpc.page.pathFilter());

  const create = useMutation(
    trpc.page.create.mutationOptions({
      onSuccess: (created) => {
        toaster.success({ title: 'Az oldal létrejött.' });
        void invalidate();
        void navigate({ to: '/admin/other/page/$id', params: { id: String(created.id) }, replace: true });
      },
      ...failWith('Az oldal nem jött létre.'),
    }),
  );
  const update = useMutation(
    trpc.page.update.mutationOptions({
      onSuccess: () => {
        toaster.success({
          title: 'Az oldal mentve.',
          description: `${withArticle(languageName(description.language), { capital: true })} szöveg frissült.`,
        });
        void invalidate();
      },
      ...failWith('A mentés nem sikerült.'),
    }),
  );
  const remove = useMutation(
    trpc.page.delete.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'Az oldal törölve.' });
        void invalidate();
        void navigate({ to: '/admin/other/page' });
      },
      meta: { errorTitle: 'A törlés nem sikerült.' },
      onError: () => setConfirmDelete(false),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      slug: slug.trim() || undefined,
      published,
      inFooter,
      position: parseNumberInput(position),
      descriptions: description.toInput(),
    };
    if (page) {
      const input = validate({ id: page.id, ...fields });
      if (input) update.mutate(input as Parameters<typeof update.mutate>[0]);
    } else {
      const input = validate(fields);
      if (input) create.mutate(input as Parameters<typeof create.mutate>[0]);
    }
  };

  return (
    <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="4" alignItems="start">
      <AdminPanel asChild p={{ base: '4', md: '6' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="5">
            <DescriptionTitleRow draft={description} error={errors[DESCRIPTION_ERROR_KEYS.title]} />
            <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
              <Field.Root invalid={Boolean(errors.slug)}>
                <Field.Label>URL-név</Field.Label>
                <Input
                  value={slug}
                  onChange={(event) => setSlug(event.target.value)}
                  placeholder="például szallitasi-informaciok"
                />
                <Field.HelperText>
                  {page ? `Az oldal címe: /page/${page.slug}` : 'Ha üresen hagyod, a címből készül.'}
                </Field.HelperText>
                <Field.ErrorText>{errors.slug}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.position)}>
                <Field.Label>Sorrend</Field.Label>
                <Input
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={position}
                  onChange={(event) => setPosition(event.target.value)}
                />
                <Field.ErrorText>{errors.position}</Field.ErrorText>
              </Field.Root>
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
            <EditFormFooter
              isNew={!page}
              saving={create.isPending || update.isPending}
              onDelete={page ? () => setConfirmDelete(true) : undefined}
            />
          </Stack>
        </form>
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
      {page && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Oldal törlése"
          confirmLabel="Törlés"
          loading={remove.isPending}
          onConfirm={() => remove.mutate({ id: page.id })}
        >
          Biztosan törlöd {withArticle(`„${page.title}”`)} oldalt? A művelet nem vonható vissza.
        </ConfirmDialog>
      )}
    </Grid>
  );
}

function ExistingPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: page } = useSuspenseQuery(trpc.page.byId.queryOptions({ id }));
  return (
    <AdminPage
      title={page.title}
      description={`Utoljára módosítva: ${formatDateTime(page.updatedAt)}`}
      actions={<PageActions slug={page.published ? page.slug : undefined} />}
    >
      <PageForm key={page.updatedAt} page={page} />
    </AdminPage>
  );
}

function PageActions({ slug }: { slug?: string }) {
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/admin/other/page">
          <LuArrowLeft /> Oldalak
        </Link>
      </Button>
      {slug && (
        <Button asChild variant="outline" size="sm">
          <ChakraLink href={`/page/${slug}`} target="_blank" rel="noopener">
            Megnyitás a boltban <LuExternalLink />
          </ChakraLink>
        </Button>
      )}
    </>
  );
}

/** /admin/other/page/{id}; `new` creates a page. */
export function PageEditPage({ id }: { id: number | 'new' }) {
  if (id === 'new') {
    return (
      <AdminPage title="Új oldal" actions={<PageActions />}>
        <PageForm page={null} />
      </AdminPage>
    );
  }
  return <ExistingPage id={id} />;
}
