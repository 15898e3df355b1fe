import { Badge, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { type TCustomerGroup, ZCustomerGroupCreateInput } from '@shop/api/schemas';
import { formatNumber, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { TextField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useZodForm } from '../../components/form/use-zod-form';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { ListPage } from '../admin/list-page/list-page';
import { type ListColumn, RowLink, timeColumn } from '../admin/list-page/list-table';
import { wholeList } from '../admin/list-page/local-list';

function CreateGroupForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [discount, setDiscount] = useState('0');
  const { errors, validate, failWith } = useZodForm(ZCustomerGroupCreateInput);

  const create = useMutation(
    trpc.customer.groupCreate.mutationOptions({
      onSuccess: (group) => {
        toaster.success({ title: 'A csoport létrejött.', description: group.name });
        void queryClient.invalidateQueries(trpc.customer.groupList.queryFilter());
        onDone();
        void navigate({ to: '/admin/customer/group/$id', params: { id: String(group.id) } });
      },
      ...failWith('A csoport nem jött létre.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ name, discountPercent: parseNumberInput(discount) });
    if (input) create.mutate(input);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Header>
        <Dialog.Title>Új csoport</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <TextField
            label="Név"
            value={name}
            onValueChange={setName}
            error={errors.name}
            required
            autoFocus
          />
          <TextField
            label="Kedvezmény (%)"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            value={discount}
            onValueChange={setDiscount}
            error={errors.discountPercent}
            helper="A csoport tagjai ennyivel olcsóbban kapják azokat a termékeket, amelyeknek nincs csoportára."
          />
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
  );
}

const COLUMNS: ListColumn<TCustomerGroup>[] = [
  {
    id: 'name',
    header: 'Név',
    cell: (group) => (
      <RowLink to="/admin/customer/group/$id" id={group.id}>
        {group.name}
      </RowLink>
    ),
  },
  {
    id: 'discount',
    header: 'Kedvezmény',
    align: 'end',
    cell: (group) => (
      <Badge colorPalette={group.discountPercent > 0 ? 'green' : 'gray'}>{group.discountPercent}%</Badge>
    ),
  },
  {
    id: 'members',
    header: 'Tagok',
    align: 'end',
    cell: (group) => (
      <Link to="/admin/customer" search={{ group: group.id }}>
        <Text as="span" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
          {formatNumber(group.memberCount)}
        </Text>
      </Link>
    ),
  },
  timeColumn({
    id: 'updatedAt',
    header: 'Módosítva',
    hideBelow: 'md',
    time: (group) => group.updatedAt,
  }),
];

/** /admin/customer/group: the customer groups with their discount and size. */
export function GroupsPage() {
  const trpc = useTRPC();
  const { data: groups } = useSuspenseQuery(
    trpc.customer.groupList.queryOptions(undefined, { select: selectItems }),
  );
  const [creating, setCreating] = useState(false);

  return (
    <ListPage
      title="Vásárlói csoportok"
      description="A csoport kedvezménye a tagjai minden vásárlására érvényes."
      actions={
        <Button asChild variant="ghost">
          <Link to="/admin/customer">
            <LuArrowLeft /> Vásárlók
          </Link>
        </Button>
      }
      create={{ label: 'Új csoport', onClick: () => setCreating(true) }}
      writes="customers:write"
      list={wholeList(groups)}
      emptyText="Még nincs vásárlói csoport."
      table={{
        label: 'Vásárlói csoportok',
        columns: COLUMNS,
        rowKey: (group) => group.id,
        interactive: true,
      }}
    >
      <Dialog.Root open={creating} onOpenChange={(details) => setCreating(details.open)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              {creating && <CreateGroupForm onDone={() => setCreating(false)} />}
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Bezárás" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </ListPage>
  );
}
