import { Badge, Box, Field, Grid, Heading, IconButton, Input, Stack, Table, Text } from '@chakra-ui/react';
import { type TCategory, type TDescription, ZCategoryUpdateInput } from '@shop/api/schemas';
import { hungarianArticle, withArticle } from '@shop/api/schemas/hungarian';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DescribedFieldRoot, SwitchField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import {
  DESCRIPTION_ERROR_KEYS,
  DescriptionTitleRow,
  languageName,
  useDescriptionDraft,
} from '../admin/description-language';
import { EditFormFooter } from '../admin/edit-form-footer';
import { EditForm } from '../admin/edit-page/edit-form';
import { BackToList, EditPage, OpenInShop } from '../admin/edit-page/edit-page';
import { PositionField } from '../admin/edit-page/position-field';
import { languageSaved, useEditForm } from '../admin/edit-page/use-edit-form';
import { RichTextField } from '../admin/rich-text/rich-text-field';
import { categoryHref } from '../catalog/category-tree';
import { allCategoriesOptions } from './categories-page';
import { toParent } from './category-options';
import { ParentSelect } from './parent-select';

function CategoryForm({ category, items }: { category: TCategory; items: TCategory[] }) {
  const trpc = useTRPC();
  const description = useDescriptionDraft(category.descriptions);
  const [slug, setSlug] = useState(category.slug);
  const [parent, setParent] = useState(category.parent === null ? '' : String(category.parent));
  const [position, setPosition] = useState(String(category.position));
  const [enabled, setEnabled] = useState(category.enabled);
  const edit = useEditForm({
    isNew: false,
    id: category.id,
    values: { slug: slug.trim(), parent: toParent(parent), position: parseNumberInput(position), enabled },
    description: { draft: description, stored: category.descriptions },
    permission: 'catalogue:write',
    schema: ZCategoryUpdateInput,
    invalidates: trpc.category.pathFilter(),
    save: {
      mutation: trpc.category.update,
      saved: () => ({ title: 'A kategória mentve.', description: languageSaved(description, 'leírás') }),
    },
  });
  const { errors } = edit;

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <EditForm edit={edit}>
        <Stack gap="5">
          <Heading as="h2" size="md">
            Adatok
          </Heading>
          <DescriptionTitleRow draft={description} error={errors[DESCRIPTION_ERROR_KEYS.title]} />
          <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
            <DescribedFieldRoot invalid={Boolean(errors.slug)} required>
              <Field.Label>
                URL-név <Field.RequiredIndicator />
              </Field.Label>
              <Input value={slug} onChange={(event) => setSlug(event.target.value)} />
              <Field.ErrorText>{errors.slug}</Field.ErrorText>
            </DescribedFieldRoot>
            <PositionField
              value={position}
              onChange={setPosition}
              error={errors.position}
              helper="A kisebb szám kerül előrébb."
            />
          </Grid>
          <ParentSelect
            items={items}
            movingId={category.id}
            value={parent}
            onChange={setParent}
            error={errors.parent}
          />
          <RichTextField
            label="Leírás"
            value={description.body}
            onChange={description.setBody}
            helperText="A boltban a kategória neve alatt jelenik meg."
            errorText={errors[DESCRIPTION_ERROR_KEYS.body]}
          />
          <SwitchField checked={enabled} onCheckedChange={setEnabled}>
            Látható a boltban
          </SwitchField>
          <EditFormFooter {...edit.footer} />
        </Stack>
      </EditForm>
    </AdminPanel>
  );
}

function DescriptionList({ category }: { category: TCategory }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<TDescription | null>(null);
  const remove = useMutation(
    trpc.description.delete.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'A leírás törölve.' });
        void queryClient.invalidateQueries(trpc.category.pathFilter());
        setDeleting(null);
      },
      meta: { errorTitle: 'A leírás nem törölhető.' },
      onError: () => setDeleting(null),
    }),
  );

  return (
    <AdminPanel overflow="hidden">
      <Box p={{ base: '4', md: '6' }} pb="3">
        <Heading as="h2" size="md">
          Leírások nyelvenként
        </Heading>
        <Text fontSize="sm" color="fg.muted" mt="1">
          Egy nyelv címét és szövegét a fenti űrlapon, a nyelv kiválasztása után szerkesztheted. Az utolsó
          leírás nem törölhető.
        </Text>
      </Box>
      <Table.ScrollArea>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader ps={{ base: '4', md: '6' }}>Nyelv</Table.ColumnHeader>
              <Table.ColumnHeader>Cím</Table.ColumnHeader>
              <Table.ColumnHeader>Leírás</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" pe={{ base: '4', md: '6' }}>
                Művelet
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {category.descriptions.map((description) => (
              <Table.Row key={description.id}>
                <Table.Cell ps={{ base: '4', md: '6' }}>
                  <Badge variant="outline">{description.language}</Badge>{' '}
                  <Text as="span" fontSize="xs" color="fg.muted">
                    {languageName(description.language)}
                  </Text>
                </Table.Cell>
                <Table.Cell>{description.title}</Table.Cell>
                <Table.Cell color="fg.muted">
                  {description.body ? `${description.body.length} karakter` : '–'}
                </Table.Cell>
                <Table.Cell textAlign="end" pe={{ base: '4', md: '6' }}>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={`${withArticle(description.language, { capital: true })} nyelvű leírás törlése`}
                    onClick={() => setDeleting(description)}
                  >
                    <LuTrash2 />
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Leírás törlése"
        confirmLabel="Törlés"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        Biztosan törlöd {hungarianArticle(deleting?.language ?? '')} <strong>{deleting?.language}</strong>{' '}
        nyelvű leírást („{deleting?.title}”)?
      </ConfirmDialog>
    </AdminPanel>
  );
}

/** /admin/catalog/categories/{id}: title and description per language, slug, parent, position, visibility. */
export function CategoryEditPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: all } = useSuspenseQuery(allCategoriesOptions(trpc));

  return (
    <EditPage
      load={trpc.category.byId.queryOptions({ id })}
      title={(category) => category.title}
      description={(category) => (category.parent === null ? 'Főkategória' : category.path)}
      actions={(category) => (
        <>
          <BackToList to="/admin/catalog/categories">Kategóriák</BackToList>
          <OpenInShop href={categoryHref(category)} />
        </>
      )}
    >
      {(category) => (
        <>
          <CategoryForm
            key={`${category.id}-${category.slug}-${category.parent}`}
            category={category}
            items={all.items}
          />
          <DescriptionList category={category} />
        </>
      )}
    </EditPage>
  );
}
