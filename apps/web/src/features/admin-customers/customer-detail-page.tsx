import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Grid,
  Heading,
  NativeSelect,
  SimpleGrid,
  Stack,
  Stat,
  Table,
  Text,
} from '@chakra-ui/react';
import {
  ADDRESS_TYPE_LABELS,
  type TCustomerDetail,
  type TRole,
  ZChangeGroupInput,
  ZUserUpdateInput,
} from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatDate, formatDateTime, formatNumber, formatPrice, toaster } from '@shop/ui';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { LuArrowLeft, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CompanyFields } from '../../components/form/company-fields';
import { CheckboxField, DescribedFieldRoot, TextField } from '../../components/form/fields';
import { useFieldValues } from '../../components/form/use-field-values';
import { useZodForm } from '../../components/form/use-zod-form';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';
import { EditFormFooter } from '../admin/edit-form-footer';
import { EditForm } from '../admin/edit-page/edit-form';
import { useEditForm } from '../admin/edit-page/use-edit-form';
import { PagedListBody } from '../admin/list-controls';
import { OrderStatusBadge } from '../orders/order-status-badge';

const ROLE_LABELS: Record<TRole, string> = { customer: 'Vásárló', admin: 'Adminisztrátor' };

function PanelTitle({ children }: { children: string }) {
  return (
    <Heading as="h2" size="md" mb="4">
      {children}
    </Heading>
  );
}

function DetailsForm({ customer }: { customer: TCustomerDetail }) {
  const trpc = useTRPC();
  const { values, bind } = useFieldValues({
    lastName: customer.lastName,
    firstName: customer.firstName,
    email: customer.email,
    phone: customer.phone ?? '',
    companyName: customer.companyName ?? '',
    taxNumber: customer.taxNumber ?? '',
  });
  const [newsletter, setNewsletter] = useState(customer.newsletter);
  const [role, setRole] = useState<TRole>(customer.role);
  const edit = useEditForm({
    isNew: false,
    id: customer.id,
    values: { ...values, newsletter, role },
    permission: 'customers:write',
    schema: ZUserUpdateInput,
    invalidates: trpc.customer.pathFilter(),
    save: { mutation: trpc.user.update, saved: 'A vásárló adatait elmentettük.' },
  });
  const field = bind(edit.errors);

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <EditForm edit={edit} aria-label="A vásárló adatai">
        <PanelTitle>Adatok</PanelTitle>
        <Stack gap="4">
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <TextField label="Vezetéknév" {...field('lastName')} required />
            <TextField label="Keresztnév" {...field('firstName')} required />
          </Grid>
          <TextField label="E-mail-cím" type="email" {...field('email')} required />
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <TextField label="Telefonszám" type="tel" placeholder="+36 30 123 4567" {...field('phone')} />
            <DescribedFieldRoot invalid={Boolean(edit.errors.role)}>
              <Field.Label>Szerepkör</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={role} onChange={(event) => setRole(event.target.value as TRole)}>
                  {Object.entries(ROLE_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{edit.errors.role}</Field.ErrorText>
            </DescribedFieldRoot>
            <CompanyFields companyName={field('companyName')} taxNumber={field('taxNumber')} />
          </Grid>
          <CheckboxField checked={newsletter} onCheckedChange={setNewsletter}>
            Feliratkozott a hírlevélre
          </CheckboxField>
          <EditFormFooter {...edit.footer} />
        </Stack>
      </EditForm>
    </AdminPanel>
  );
}

function GroupPanel({ customer }: { customer: TCustomerDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: groups } = useQuery(trpc.customer.groupList.queryOptions(undefined, { select: selectItems }));
  const [groupId, setGroupId] = useState(customer.group ? String(customer.group.id) : '');
  const { errors, validate, failWith } = useZodForm(ZChangeGroupInput);

  const change = useMutation(
    trpc.user.changeGroup.mutationOptions({
      onSuccess: (user) => {
        toaster.success({
          title: user.group
            ? `A vásárló ${withArticle(`„${user.group.name}”`)} csoportba került.`
            : 'A vásárló csoport nélkül maradt.',
        });
        void queryClient.invalidateQueries(trpc.customer.pathFilter());
      },
      ...failWith('A csoport módosítása nem sikerült.'),
    }),
  );

  const current = customer.group ? String(customer.group.id) : '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ userId: customer.id, groupId: groupId === '' ? null : Number(groupId) });
    if (input) change.mutate(input);
  };

  return (
    <AdminPanel asChild p={{ base: '4', md: '6' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Vásárlói csoport">
        <PanelTitle>Vásárlói csoport</PanelTitle>
        <Stack gap="3">
          <DescribedFieldRoot invalid={Boolean(errors.groupId)}>
            <Field.Label>Csoport</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={groupId} onChange={(event) => setGroupId(event.target.value)}>
                <option value="">Nincs csoport (listaár)</option>
                {groups?.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name} ({group.discountPercent}% kedvezmény)
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {!errors.groupId && (
              <Field.HelperText>A csoport kedvezménye minden termék árára vonatkozik.</Field.HelperText>
            )}
            <Field.ErrorText>{errors.groupId}</Field.ErrorText>
          </DescribedFieldRoot>
          <Button
            type="submit"
            colorPalette="brand"
            variant="subtle"
            alignSelf="flex-end"
            disabled={groupId === current}
            loading={change.isPending}
          >
            Csoport módosítása
          </Button>
        </Stack>
      </form>
    </AdminPanel>
  );
}

function AddressesPanel({ customer }: { customer: TCustomerDetail }) {
  return (
    <AdminPanel p={{ base: '4', md: '6' }}>
      <PanelTitle>Címek</PanelTitle>
      {customer.addresses.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          A vásárló még nem mentett el címet.
        </Text>
      ) : (
        <Stack gap="3">
          {customer.addresses.map((address) => (
            <Box key={address.id} borderWidth="1px" borderRadius="l2" p="3" fontSize="sm">
              <Flex justify="space-between" gap="2" mb="1">
                <Text fontWeight="medium">{address.name}</Text>
                <Flex gap="1">
                  <Badge variant="outline">{ADDRESS_TYPE_LABELS[address.type]}</Badge>
                  {address.isDefault && <Badge colorPalette="brand">Alapértelmezett</Badge>}
                </Flex>
              </Flex>
              <Text color="fg.muted">
                {address.postcode} {address.city}, {address.street}
                {address.floorDoor ? ` ${address.floorDoor}` : ''}
              </Text>
              {address.companyName && (
                <Text color="fg.muted">
                  {address.companyName}
                  {address.taxNumber ? ` · ${address.taxNumber}` : ''}
                </Text>
              )}
              {address.phone && <Text color="fg.muted">{address.phone}</Text>}
            </Box>
          ))}
        </Stack>
      )}
    </AdminPanel>
  );
}

function DeletePanel({ customer }: { customer: TCustomerDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const name = `${customer.lastName} ${customer.firstName}`;

  const remove = useMutation(
    trpc.user.delete.mutationOptions({
      onSuccess: (result) => {
        toaster.success({
          title: result.anonymized ? 'A fiókot anonimizáltuk.' : 'A vásárlót töröltük.',
          description: result.anonymized
            ? 'A személyes adatok törlődtek; a rendelések számlázási adatai megmaradtak.'
            : undefined,
        });
        queryClient.removeQueries(trpc.customer.byId.queryFilter({ id: customer.id }));
        void queryClient.invalidateQueries(trpc.customer.pathFilter());
        void navigate({ to: '/admin/customer' });
      },
      meta: { errorTitle: 'A törlés nem sikerült.' },
      onError: () => setConfirming(false),
    }),
  );

  return (
    <AdminPanel p={{ base: '4', md: '6' }} borderColor="red.200">
      <Heading as="h2" size="md" mb="1" color="red.700">
        Fiók törlése
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="4">
        {customer.orderCount > 0
          ? 'A vásárlónak vannak rendelései, ezért a fiókja anonimizálódik: a személyes adatok törlődnek, a rendelések megmaradnak.'
          : 'A vásárlónak nincs rendelése, ezért a fiókja véglegesen törlődik.'}
      </Text>
      <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
        <LuTrash2 /> Vásárló törlése
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Vásárló törlése"
        confirmLabel={customer.orderCount > 0 ? 'Anonimizálás' : 'Törlés'}
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ id: customer.id })}
      >
        Biztosan törlöd {name} fiókját ({customer.email})? A művelet nem vonható vissza.
      </ConfirmDialog>
    </AdminPanel>
  );
}

const ORDERS_PAGE_SIZE = 10;

/** The customer's orders, newest first, each linking to the admin's order page. */
function OrdersPanel({ customer }: { customer: TCustomerDetail }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useQuery({
    ...trpc.order.list.queryOptions({
      customer: customer.id,
      page,
      pageSize: ORDERS_PAGE_SIZE,
      sort: 'createdAt',
      order: 'desc',
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <AdminPanel overflow="hidden" as="section" aria-labelledby="customer-orders-heading">
      <Flex justify="space-between" align="baseline" gap="3" wrap="wrap" p={{ base: '4', md: '6' }} pb="3">
        <Heading as="h2" size="md" id="customer-orders-heading">
          Rendelések
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {formatNumber(customer.orderCount)} rendelés, összesen {formatPrice(customer.totalSpent)} (törölt és
          visszatérített nélkül)
        </Text>
      </Flex>
      <PagedListBody
        data={data}
        isPending={isPending}
        error={error}
        emptyText="A vásárló még nem rendelt."
        unit="rendelés"
        onPageChange={setPage}
      >
        <Table.ScrollArea>
          <Table.Root size="sm" interactive aria-label="A vásárló rendelései">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader ps={{ base: '4', md: '6' }}>Rendelés</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="sm">Dátum</Table.ColumnHeader>
                <Table.ColumnHeader>Állapot</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" pe={{ base: '4', md: '6' }}>
                  Végösszeg
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data?.items.map((order) => (
                <Table.Row key={order.id}>
                  <Table.Cell ps={{ base: '4', md: '6' }} py="2.5">
                    <Link to="/admin/order/$id" params={{ id: String(order.id) }}>
                      <RowTitle>{order.number}</RowTitle>
                    </Link>
                  </Table.Cell>
                  <Table.Cell hideBelow="sm" color="fg.muted" whiteSpace="nowrap">
                    {formatDateTime(order.createdAt)}
                  </Table.Cell>
                  <Table.Cell>
                    <OrderStatusBadge status={order.status} size="sm" />
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" pe={{ base: '4', md: '6' }}>
                    {formatPrice(order.total)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </PagedListBody>
    </AdminPanel>
  );
}

function Stats({ customer }: { customer: TCustomerDetail }) {
  const stats: [string, string][] = [
    ['Rendelések', formatNumber(customer.orderCount)],
    ['Összes költés', formatPrice(customer.totalSpent)],
    ['Utolsó rendelés', customer.lastOrderAt ? formatDate(customer.lastOrderAt) : '–'],
    ['Utolsó belépés', customer.lastLoginAt ? formatDate(customer.lastLoginAt) : '–'],
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }}>
      {stats.map(([label, value]) => (
        <AdminPanel key={label} p={{ base: '3', md: '4' }}>
          <Stat.Root>
            <Stat.Label>{label}</Stat.Label>
            <Stat.ValueText fontSize={{ base: 'lg', md: '2xl' }}>{value}</Stat.ValueText>
          </Stat.Root>
        </AdminPanel>
      ))}
    </SimpleGrid>
  );
}

/** /admin/customer/{id}: the customer's data, group, addresses and orders in numbers. */
export function CustomerDetailPage({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: customer } = useSuspenseQuery(trpc.customer.byId.queryOptions({ id }));

  return (
    <AdminPage
      title={`${customer.lastName} ${customer.firstName}`}
      description={
        <>
          {customer.email} · Regisztrált: {formatDate(customer.createdAt)}
          {customer.group ? ` · ${customer.group.name}` : ''}
        </>
      }
      actions={
        <Button asChild variant="ghost" size="sm">
          <Link to="/admin/customer">
            <LuArrowLeft /> Vásárlók
          </Link>
        </Button>
      }
    >
      <Stats customer={customer} />
      <OrdersPanel customer={customer} />
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="4" alignItems="start">
        <DetailsForm key={customer.updatedAt} customer={customer} />
        <Stack gap="4">
          <GroupPanel key={customer.group?.id ?? 'none'} customer={customer} />
          <AddressesPanel customer={customer} />
          <DeletePanel customer={customer} />
        </Stack>
      </Grid>
    </AdminPage>
  );
}
