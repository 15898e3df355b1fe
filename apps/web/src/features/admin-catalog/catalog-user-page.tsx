import {
  Badge,
  Box,
  Button,
  Checkbox,
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
import { type TProduct, ZProductUpdateInput } from '@shop/api/schemas';
import { formatPrice } from '@shop/ui';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LuSearch, LuTrash2 } from 'react-icons/lu';
import { DescribedFieldRoot } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { EditFormFooter } from '../admin/edit-form-footer';
import { EditForm } from '../admin/edit-page/edit-form';
import { useEditForm } from '../admin/edit-page/use-edit-form';
import { ProductPicker } from '../admin/product-picker';
import type { CatalogUserSearch } from './catalog-user-search';

type PriceRow = { price: string; hidden: boolean };
type CustomerRow = PriceRow & { userId: number; name: string; email: string };

const hasSpecialPrice = (row: PriceRow | undefined): row is PriceRow =>
  Boolean(row && (row.price.trim() || row.hidden));

const toSpecialPrice = (row: PriceRow) => ({
  price: parseNumberInput(row.price) ?? null,
  hidden: row.hidden,
});

function CustomerAdder({ exclude, onAdd }: { exclude: number[]; onAdd: (row: CustomerRow) => void }) {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 300);
  const { data } = useQuery({
    ...trpc.customer.list.queryOptions({ search: query, page: 1, pageSize: 6 }),
    enabled: query.length >= 2,
  });
  return (
    <Box>
      <Input
        size="sm"
        type="search"
        aria-label="Vásárló keresése"
        placeholder="Vásárló hozzáadása: név vagy e-mail"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {query.length >= 2 && (
        <Stack as="ul" listStyleType="none" gap="0.5" mt="1">
          {data?.items
            .filter((customer) => !exclude.includes(customer.id))
            .map((customer) => (
              <li key={customer.id}>
                <Button
                  size="sm"
                  variant="ghost"
                  w="full"
                  justifyContent="flex-start"
                  onClick={() => {
                    onAdd({
                      userId: customer.id,
                      name: `${customer.lastName} ${customer.firstName}`.trim(),
                      email: customer.email,
                      price: '',
                      hidden: false,
                    });
                    setText('');
                  }}
                >
                  {customer.lastName} {customer.firstName}
                  <Text as="span" color="fg.muted" fontWeight="normal">
                    {customer.email}
                  </Text>
                </Button>
              </li>
            ))}
          {data?.items.length === 0 && (
            <Text fontSize="sm" color="fg.muted" px="2">
              Nincs ilyen vásárló.
            </Text>
          )}
        </Stack>
      )}
    </Box>
  );
}

function SpecialPrices({ product }: { product: TProduct }) {
  const trpc = useTRPC();
  const admin = product.admin;
  const { data: groups } = useSuspenseQuery(
    trpc.customer.groupList.queryOptions(undefined, { select: selectItems }),
  );
  const [groupRows, setGroupRows] = useState<Record<number, PriceRow>>(() =>
    Object.fromEntries(
      groups.map((group) => {
        const stored = admin?.groupPrices.find((entry) => entry.groupId === group.id);
        return [
          group.id,
          {
            price: stored?.price == null ? '' : String(stored.price),
            hidden: stored?.hidden ?? false,
          },
        ];
      }),
    ),
  );
  const [customers, setCustomers] = useState<CustomerRow[]>(
    admin?.customerPrices.map((entry) => ({
      userId: entry.userId,
      name: entry.name,
      email: entry.email,
      price: entry.price == null ? '' : String(entry.price),
      hidden: entry.hidden,
    })) ?? [],
  );
  // Only rows with a price or the hidden flag are sent; an issue's path counts in that list.
  const sentGroupIds = groups.map((group) => group.id).filter((id) => hasSpecialPrice(groupRows[id]));
  const edit = useEditForm({
    isNew: false,
    id: product.id,
    values: {
      groupPrices: sentGroupIds.flatMap((groupId) => {
        const row = groupRows[groupId];
        return row ? [{ groupId, ...toSpecialPrice(row) }] : [];
      }),
      customerPrices: customers.map((row) => ({ userId: row.userId, ...toSpecialPrice(row) })),
    },
    permission: 'catalogue:write',
    schema: ZProductUpdateInput,
    invalidates: trpc.product.pathFilter(),
    save: { mutation: trpc.product.update, saved: 'Az egyedi árak mentve.' },
  });
  const { errors } = edit;
  const groupError = (groupId: number) => errors[`groupPrices.${sentGroupIds.indexOf(groupId)}.price`];

  const priceInput = (
    row: PriceRow,
    label: string,
    error: string | undefined,
    onChange: (next: PriceRow) => void,
  ) => (
    <DescribedFieldRoot invalid={Boolean(error)}>
      <Flex gap="3" align="center">
        <Input
          size="sm"
          w="28"
          inputMode="numeric"
          placeholder="listaár"
          aria-label={`${label}: egyedi ár`}
          value={row.price}
          onChange={(event) => onChange({ ...row, price: event.target.value })}
        />
        <Checkbox.Root
          size="sm"
          checked={row.hidden}
          onCheckedChange={(details) => onChange({ ...row, hidden: details.checked === true })}
        >
          <Checkbox.HiddenInput aria-label={`${label}: rejtett`} />
          <Checkbox.Control />
          <Checkbox.Label fontWeight="normal">Rejtett</Checkbox.Label>
        </Checkbox.Root>
      </Flex>
      <Field.ErrorText>{error}</Field.ErrorText>
    </DescribedFieldRoot>
  );

  return (
    <EditForm edit={edit}>
      <Stack gap="4">
        <AdminPanel p={{ base: '4', md: '6' }}>
          <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
            <Box>
              <Heading as="h2" size="md">
                {product.title}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                Listaár: {formatPrice(admin?.price ?? product.price)} · {product.kutiId ?? 'nincs cikkszám'}
              </Text>
            </Box>
            <Button asChild size="sm" variant="outline">
              <Link to="/admin/catalog/products/$id" params={{ id: String(product.id) }}>
                Termék szerkesztése
              </Link>
            </Button>
          </Flex>
        </AdminPanel>
        <AdminPanel overflow="hidden">
          <Box p={{ base: '4', md: '6' }} pb="2">
            <Heading as="h3" size="sm">
              Vásárlói csoportok
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Üres ár: a csoport kedvezménye a listaárból. Rejtett: a csoport tagjai nem látják a terméket.
            </Text>
          </Box>
          <Table.Root size="sm">
            <Table.Body>
              {groups.map((group) => (
                <Table.Row key={group.id}>
                  <Table.Cell ps={{ base: '4', md: '6' }}>
                    {group.name}{' '}
                    {group.discountPercent > 0 && <Badge size="sm">−{group.discountPercent}%</Badge>}
                  </Table.Cell>
                  <Table.Cell>
                    {priceInput(
                      groupRows[group.id] ?? { price: '', hidden: false },
                      group.name,
                      groupError(group.id),
                      (next) => setGroupRows({ ...groupRows, [group.id]: next }),
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {groups.length === 0 && (
            <Text px="6" pb="4" color="fg.muted" fontSize="sm">
              Még nincs vásárlói csoport.
            </Text>
          )}
        </AdminPanel>
        <AdminPanel overflow="hidden">
          <Box p={{ base: '4', md: '6' }} pb="2">
            <Heading as="h3" size="sm">
              Egyedi vásárlók
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              A vásárló egyedi ára minden más árnál erősebb.
            </Text>
          </Box>
          <Table.Root size="sm">
            <Table.Body>
              {customers.map((row, index) => (
                <Table.Row key={row.userId}>
                  <Table.Cell ps={{ base: '4', md: '6' }}>
                    <Text fontWeight="medium">{row.name}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {row.email}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {priceInput(row, row.name, errors[`customerPrices.${index}.price`], (next) =>
                      setCustomers(
                        customers.map((entry, position) =>
                          position === index ? { ...entry, ...next } : entry,
                        ),
                      ),
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <IconButton
                      size="sm"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={`${row.name} eltávolítása`}
                      onClick={() => setCustomers(customers.filter((_, position) => position !== index))}
                    >
                      <LuTrash2 />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Box p={{ base: '4', md: '6' }} pt="3">
            <CustomerAdder
              exclude={customers.map((row) => row.userId)}
              onAdd={(row) => setCustomers([...customers, row])}
            />
          </Box>
        </AdminPanel>
        <EditFormFooter {...edit.footer} />
      </Stack>
    </EditForm>
  );
}

function SelectedProduct({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: product } = useSuspenseQuery(trpc.product.byId.queryOptions({ id }));
  return <SpecialPrices key={product.updatedAt} product={product} />;
}

/** /admin/catalog/user: a product's prices and visibility for customer groups and single customers. */
export function CatalogUserPage({ search }: { search: CatalogUserSearch }) {
  const navigate = useNavigate();
  return (
    <AdminPage title="Vásárlói árak" description="Egy termék csoportárai, egyedi vevői árai és láthatósága.">
      {/* minmax(0, …): a long product name in the picker truncates instead of widening a phone's page. */}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: '20rem minmax(0, 1fr)' }}
        gap="4"
        alignItems="start"
      >
        <AdminPanel p="4">
          <Flex align="center" gap="2" mb="3" color="fg.muted">
            <LuSearch aria-hidden="true" />
            <Text fontWeight="medium" color="fg">
              Termék kiválasztása
            </Text>
          </Flex>
          <ProductPicker
            onPick={(product) =>
              void navigate({ to: '/admin/catalog/user', search: { product: product.id } })
            }
          />
        </AdminPanel>
        {search.product ? (
          <SelectedProduct key={search.product} id={search.product} />
        ) : (
          <AdminPanel p="8" textAlign="center" color="fg.muted">
            Keress rá egy termékre a „Termék kiválasztása” résznél, és válaszd ki.
          </AdminPanel>
        )}
      </Grid>
    </AdminPage>
  );
}
