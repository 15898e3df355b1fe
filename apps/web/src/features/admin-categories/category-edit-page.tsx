import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  Field,
  Flex,
  Grid,
  Heading,
  IconButton,
  Input,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { type TCategory, type TDescription, ZCategoryUpdateInput } from '@shop/api/schemas';
import { hungarianArticle, withArticle } from '@shop/api/schemas/hungarian';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { LuArrowLeft, LuExternalLink, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DescribedFieldRoot, SwitchField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useZodForm } from '../../components/form/use-zod-form';
import { type Trpc, useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import {
  DESCRIPTION_ERROR_KEYS,
  DescriptionTitleRow,
  languageName,
  useDescriptionDraft,
} from '../admin/description-language';
import { RichTextField } from '../admin/rich-text/rich-text-field';
import { categoryHref } from '../catalog/category-tree';
import { allCategoriesOptions } from './categories-page';
import { toParent } from './category-options';
import { ParentSelect } from './parent-select';

export const categoryByIdOptions = (trpc: Trpc, id: number) => trpc.category.byId.queryOptions({ id });

function CategoryForm({ category, items }: { category: TCategory; items: TCategory[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const description = useDescriptionDraft(category.descriptions);
  const [slug, setSlug] = useState(category.slug);
  const [parent, setParent] = useState(category.parent === null ? '' : String(category.parent));
  const [position, setPosition] = useState(String(category.position));
  const [enabled, setEnabled] = useState(category.enabled);
  const { errors, validate, failWith } = useZodForm(ZCategoryUpdateInput);

  const update = useMutation(
    trpc.category.update.mutationOptions({
      onSuccess: () => {
        toaster.success({
          title: 'A kategória mentve.',
          description: `${withArticle(languageName(description.language), { capital: true })} leírás frissült.`,
        });
        void queryClient.invalidateQueries(trpc.category.pathFilter());
      },
      ...failWith('A mentés nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({
      id: category.id,
      slug: slug.trim(),
      parent: toParent(parent),
      position: parseNumberInput(position),
      enabled,
      descriptions: description.toInput(),
    });
    if (input) update.mutate(input);
  };

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <form onSubmit={onSubmit} noValidate>
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
            <DescribedFieldRoot invalid={Boolean(errors.position)}>
              <Field.Label>Sorrend</Field.Label>
              <Input
                type="number"
                min={0}
                inputMode="numeric"
                value={position}
                onChange={(event) => setPosition(event.target.value)}
              />
              {!errors.position && <Field.HelperText>A kisebb szám kerül előrébb.</Field.HelperText>}
              <Field.ErrorText>{errors.position}</Field.ErrorText>
            </DescribedFieldRoot>
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
          <Flex justify="flex-end" gap="2" borderTopWidth="1px" pt="4">
            <Button type="submit" colorPalette="brand" loading={update.isPending}>
              Mentés
            </Button>
          </Flex>
        </Stack>
      </form>
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
  const { data: category } = useSuspenseQuery(categoryByIdOptions(trpc, id));
  const { data: all } = useSuspenseQuery(allCategoriesOptions(trpc));

  return (
    <AdminPage
      title={category.title}
      description={category.parent === null ? 'Főkategória' : category.path}
      actions={
        <>
          <Button asChild variant="ghost" size="sm">
            <Link to="/admin/catalog/categories">
              <LuArrowLeft /> Kategóriák
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <ChakraLink href={categoryHref(category)} target="_blank" rel="noopener">
              Megnyitás a boltban <LuExternalLink />
            </ChakraLink>
          </Button>
        </>
      }
    >
      <CategoryForm
        key={`${category.id}-${category.slug}-${category.parent}`}
        category={category}
        items={all.items}
      />
      <DescriptionList category={category} />
    </AdminPage>
  );
}
