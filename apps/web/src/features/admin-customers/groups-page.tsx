import { Badge, Box, Button, CloseButton, Dialog, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { ZCustomerGroupCreateInput } from '@shop/api/schemas';
import { formatDateTime, formatNumber, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { LuArrowLeft, LuPlus } from 'react-icons/lu';
import { TextField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';

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

/** /admin/customer/group: the customer groups with their discount and size. */
export function GroupsPage() {
  const trpc = useTRPC();
  const { data: groups } = useSuspenseQuery(trpc.customer.groupList.queryOptions());
  const [creating, setCreating] = useState(false);

  return (
    <AdminPage
      title="Vásárlói csoportok"
      description="A csoport kedvezménye a tagjai minden vásárlására érvényes."
      actions={
        <>
          <Button asChild variant="ghost">
            <Link to="/admin/customer">
              <LuArrowLeft /> Vásárlók
            </Link>
          </Button>
          <Button colorPalette="brand" onClick={() => setCreating(true)}>
            <LuPlus /> Új csoport
          </Button>
        </>
      }
    >
      <AdminPanel overflow="hidden">
        <Table.ScrollArea>
          <Table.Root size="sm" interactive aria-label="Vásárlói csoportok">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader ps={{ base: '4', md: '6' }}>Név</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Kedvezmény</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Tagok</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Módosítva</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {groups.map((group) => (
                <Table.Row key={group.id}>
                  <Table.Cell ps={{ base: '4', md: '6' }} py="3">
                    <Link to="/admin/customer/group/$id" params={{ id: String(group.id) }}>
                      <RowTitle>{group.name}</RowTitle>
                    </Link>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Badge colorPalette={group.discountPercent > 0 ? 'green' : 'gray'}>
                      {group.discountPercent}%
                    </Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Link to="/admin/customer" search={{ group: group.id }}>
                      <Text as="span" color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                        {formatNumber(group.memberCount)}
                      </Text>
                    </Link>
                  </Table.Cell>
                  <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="nowrap">
                    {formatDateTime(group.updatedAt)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {groups.length === 0 && (
          <Box p="8" textAlign="center" color="fg.muted">
            Még nincs vásárlói csoport.
          </Box>
        )}
      </AdminPanel>
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
    </AdminPage>
  );
}
