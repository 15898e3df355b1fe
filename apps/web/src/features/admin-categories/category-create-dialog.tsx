import { Button, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { DEFAULT_LANGUAGE, type TCategory, ZCategoryCreateInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DescribedFieldRoot } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { DESCRIPTION_ERROR_KEYS } from '../admin/description-language';
import { toParent } from './category-options';
import { ParentSelect } from './parent-select';

export function CategoryCreateDialog({
  open,
  onOpenChange,
  items,
  defaultParentId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: TCategory[];
  defaultParentId: number | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [parent, setParent] = useState(defaultParentId === null ? '' : String(defaultParentId));
  const { errors, validate, failWith, setErrors } = useZodForm(ZCategoryCreateInput);

  const create = useMutation(
    trpc.category.create.mutationOptions({
      onSuccess: (category) => {
        toaster.success({ title: 'A kategória létrejött.', description: category.path });
        void queryClient.invalidateQueries(trpc.category.pathFilter());
        setTitle('');
        setSlug('');
        onOpenChange(false);
      },
      ...failWith('A kategória nem jött létre.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({
      parent: toParent(parent),
      slug: slug.trim() || undefined,
      descriptions: [{ language: DEFAULT_LANGUAGE, title }],
    });
    if (input) create.mutate(input);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) setErrors({});
        onOpenChange(details.open);
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content asChild>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Új kategória</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <DescribedFieldRoot invalid={Boolean(errors[DESCRIPTION_ERROR_KEYS.title])} required>
                    <Field.Label>
                      Cím <Field.RequiredIndicator />
                    </Field.Label>
                    <Input value={title} onChange={(event) => setTitle(event.target.value)} autoFocus />
                    <Field.ErrorText>{errors[DESCRIPTION_ERROR_KEYS.title]}</Field.ErrorText>
                  </DescribedFieldRoot>
                  <ParentSelect items={items} value={parent} onChange={setParent} error={errors.parent} />
                  <DescribedFieldRoot invalid={Boolean(errors.slug)}>
                    <Field.Label>URL-név</Field.Label>
                    <Input
                      value={slug}
                      onChange={(event) => setSlug(event.target.value)}
                      placeholder="például konyhai-eszkozok"
                    />
                    {!errors.slug && <Field.HelperText>Ha üresen hagyod, a címből készül.</Field.HelperText>}
                    <Field.ErrorText>{errors.slug}</Field.ErrorText>
                  </DescribedFieldRoot>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Mégse</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="brand" loading={create.isPending}>
                  Létrehozás
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
