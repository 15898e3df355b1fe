import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { type TCategory, ZCategoryUpdateInput } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { toParent } from './category-options';
import { ParentSelect } from './parent-select';

/** Moves a category under another parent (or to the top level); the form offers no parent that would make a cycle. */
export function CategoryMoveDialog({
  category,
  items,
  onClose,
}: {
  category: TCategory;
  items: TCategory[];
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [parent, setParent] = useState(category.parent === null ? '' : String(category.parent));
  const { errors, validate, failWith } = useZodForm(ZCategoryUpdateInput);

  const move = useMutation(
    trpc.category.update.mutationOptions({
      onSuccess: (moved) => {
        toaster.success({ title: 'A kategória átkerült.', description: moved.path });
        void queryClient.invalidateQueries(trpc.category.pathFilter());
        onClose();
      },
      ...failWith('Az áthelyezés nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ id: category.id, parent: toParent(parent) });
    if (input) move.mutate(input);
  };

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content asChild>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Kategória áthelyezése</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text fontSize="sm" color="fg.muted">
                    Jelenlegi helye: <strong>{category.path}</strong>. Az alkategóriái vele együtt költöznek.
                  </Text>
                  <ParentSelect
                    items={items}
                    movingId={category.id}
                    value={parent}
                    onChange={setParent}
                    error={errors.parent}
                    label="Új szülőkategória"
                  />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Mégse</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="brand" loading={move.isPending}>
                  Áthelyezés
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
