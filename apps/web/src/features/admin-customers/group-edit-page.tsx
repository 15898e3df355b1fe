import { Button, Flex, Grid, Stack, Stat, Text } from '@chakra-ui/react';
import { type TCustomerGroup, ZCustomerGroupUpdateInput } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatDateTime, formatNumber, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { LuArrowLeft, LuTrash2, LuUsers } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';

function GroupForm({ group }: { group: TCustomerGroup }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(group.name);
  const [discount, setDiscount] = useState(String(group.discountPercent));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { errors, validate, failWith } = useZodForm(ZCustomerGroupUpdateInput);

  const update = useMutation(
    trpc.customer.groupUpdate.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'A csoportot elmentettük.' });
        void queryClient.invalidateQueries(trpc.customer.pathFilter());
      },
      ...failWith('A mentés nem sikerült.'),
    }),
  );
  const remove = useMutation(
    trpc.customer.groupDelete.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'A csoportot töröltük.' });
        queryClient.removeQueries(trpc.customer.groupById.queryFilter({ id: group.id }));
        void queryClient.invalidateQueries(trpc.customer.pathFilter());
        void navigate({ to: '/admin/customer/group' });
      },
      meta: { errorTitle: 'A törlés nem sikerült.' },
      onError: () => setConfirmDelete(false),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ id: group.id, name, discountPercent: parseNumberInput(discount) });
    if (input) update.mutate(input);
  };

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Csoport adatai">
        <Stack gap="5">
          <TextField label="Név" value={name} onValueChange={setName} error={errors.name} required />
          <TextField
            label="Kedvezmény (%)"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            value={discount}
            onValueChange={setDiscount}
            error={errors.discountPercent}
            helper="0 és 100 közötti egész szám. Ahol egy terméknek csoportára van, ott az érvényes."
          />
          <Flex justify="space-between" gap="2" borderTopWidth="1px" pt="4" wrap="wrap">
            <Button variant="ghost" colorPalette="red" onClick={() => setConfirmDelete(true)}>
              <LuTrash2 /> Törlés
            </Button>
            <Button type="submit" colorPalette="brand" loading={update.isPending}>
              Mentés
            </Button>
          </Flex>
        </Stack>
      </form>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Csoport törlése"
        confirmLabel="Törlés"
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ id: group.id })}
      >
        Biztosan törlöd {withArticle(`„${group.name}”`)} csoportot?{' '}
        {withArticle(formatNumber(group.memberCount), { capital: true })} tagja csoport nélkül marad és
        listaáron vásárol; a csoport egyedi árai törlődnek.
      </ConfirmDialog>
    </AdminPanel>
  );
}

/** /admin/customer/group/{id}: a group's name and discount. */
export function GroupEditPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: group } = useSuspenseQuery(trpc.customer.groupById.queryOptions({ id }));

  return (
    <AdminPage
      title={group.name}
      description={`Utoljára módosítva: ${formatDateTime(group.updatedAt)}`}
      actions={
        <Button asChild variant="ghost" size="sm">
          <Link to="/admin/customer/group">
            <LuArrowLeft /> Csoportok
          </Link>
        </Button>
      }
    >
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
        <GroupForm key={group.updatedAt} group={group} />
        <AdminPanel p={{ base: '4', md: '6' }}>
          <Stat.Root>
            <Stat.Label>Tagok</Stat.Label>
            <Stat.ValueText>{formatNumber(group.memberCount)}</Stat.ValueText>
          </Stat.Root>
          <Text fontSize="sm" color="fg.muted" mt="2" mb="4">
            Vásárlót a vásárló adatlapján tehetsz csoportba.
          </Text>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/customer" search={{ group: group.id }}>
              <LuUsers /> Tagok listája
            </Link>
          </Button>
        </AdminPanel>
      </Grid>
    </AdminPage>
  );
}
