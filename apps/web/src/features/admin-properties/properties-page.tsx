import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Grid,
  Heading,
  IconButton,
  Input,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { DEFAULT_LANGUAGE, type TProperty, ZPropertySave } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatNumber, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { LuArrowDown, LuArrowUp, LuPlus, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DescribedFieldRoot } from '../../components/form/fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { PROPERTY_LIST_KEY, propertyListOptions } from './property-queries';

type ValueRow = { key: string; id?: number; title: string; productCount: number };

let rowCounter = 0;
const newKey = () => `n${++rowCounter}`;

function PropertyForm({
  property,
  onDone,
}: {
  property: TProperty | null;
  onDone: (saved: TProperty | null, items?: TProperty[]) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(property?.title ?? '');
  const [code, setCode] = useState(property?.code ?? '');
  const [filterable, setFilterable] = useState(property?.filterable ?? true);
  const [values, setValues] = useState<ValueRow[]>(
    property?.values.map((value) => ({
      key: `v${value.id}`,
      id: value.id,
      title: value.title,
      productCount: value.productCount,
    })) ?? [],
  );
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { errors, validate, failWith } = useZodForm(ZPropertySave);

  const action = useMutation(
    trpc.property.listOrSave.mutationOptions({
      onSuccess: (result, input) => {
        queryClient.setQueryData(PROPERTY_LIST_KEY, result);
        void queryClient.invalidateQueries(trpc.product.pathFilter());
        toaster.success({
          title: input?.action === 'delete' ? 'A tulajdonság törölve.' : 'A tulajdonság mentve.',
        });
        onDone(result.saved, result.items);
      },
      ...failWith('A művelet nem sikerült.'),
      onSettled: () => setConfirmDelete(false),
    }),
  );

  const move = (index: number, delta: number) => {
    const next = [...values];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + delta, 0, moved);
    setValues(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate({
      id: property?.id,
      code: code.trim(),
      filterable,
      language: DEFAULT_LANGUAGE,
      title,
      values: values.map((value) => ({ id: value.id, title: value.title })),
    });
    if (input) action.mutate({ action: 'save', property: input });
  };

  const removed = property?.values.filter((value) => !values.some((row) => row.id === value.id)) ?? [];
  const affected = removed.reduce((sum, value) => sum + value.productCount, 0);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <Heading as="h2" size="md">
          {property ? `${property.title} szerkesztése` : 'Új tulajdonság'}
        </Heading>
        <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="3">
          <DescribedFieldRoot invalid={Boolean(errors.title)} required>
            <Field.Label>
              Név (magyar) <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              placeholder="például Szín"
            />
            <Field.ErrorText>{errors.title}</Field.ErrorText>
          </DescribedFieldRoot>
          <DescribedFieldRoot invalid={Boolean(errors.code)} required>
            <Field.Label>
              Kód <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={code}
              onChange={(event) => setCode(event.target.value)}
              placeholder="szin"
              fontFamily="mono"
            />
            <Field.ErrorText>{errors.code}</Field.ErrorText>
          </DescribedFieldRoot>
        </Grid>
        <Switch.Root
          checked={filterable}
          onCheckedChange={(details) => setFilterable(details.checked)}
          colorPalette="brand"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Szűrhető a boltban</Switch.Label>
        </Switch.Root>
        <Box>
          <Text fontWeight="medium" fontSize="sm" mb="2">
            Értékek
          </Text>
          <Stack gap="2">
            {values.map((value, index) => (
              <Flex key={value.key} gap="1" align="flex-start">
                <DescribedFieldRoot invalid={Boolean(errors[`values.${index}.title`])} flex="1">
                  <Input
                    size="sm"
                    aria-label={`${index + 1}. érték`}
                    value={value.title}
                    onChange={(event) =>
                      setValues(
                        values.map((row) =>
                          row.key === value.key ? { ...row, title: event.target.value } : row,
                        ),
                      )
                    }
                  />
                  <Field.ErrorText>{errors[`values.${index}.title`]}</Field.ErrorText>
                </DescribedFieldRoot>
                <Text fontSize="xs" color="fg.muted" w="16" textAlign="end" pt="2" hideBelow="md">
                  {value.id ? `${formatNumber(value.productCount)} termék` : 'új'}
                </Text>
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={`${value.title || 'Érték'} feljebb`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <LuArrowUp />
                </IconButton>
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={`${value.title || 'Érték'} lejjebb`}
                  disabled={index === values.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <LuArrowDown />
                </IconButton>
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`${value.title || 'Érték'} törlése`}
                  onClick={() => setValues(values.filter((row) => row.key !== value.key))}
                >
                  <LuTrash2 />
                </IconButton>
              </Flex>
            ))}
          </Stack>
          <Button
            size="sm"
            variant="outline"
            mt="2"
            onClick={() => setValues([...values, { key: newKey(), title: '', productCount: 0 }])}
          >
            <LuPlus /> Új érték
          </Button>
          {affected > 0 && (
            <Text fontSize="sm" color="orange.700" mt="2">
              A törölt értékek {formatNumber(affected)} termékről kerülnek le mentéskor.
            </Text>
          )}
        </Box>
        <Flex justify="space-between" gap="2" borderTopWidth="1px" pt="4" wrap="wrap">
          {property ? (
            <Button variant="ghost" colorPalette="red" onClick={() => setConfirmDelete(true)}>
              <LuTrash2 /> Törlés
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => onDone(null)}>
              Mégse
            </Button>
          )}
          <Button type="submit" colorPalette="brand" loading={action.isPending && !confirmDelete}>
            {property ? 'Mentés' : 'Létrehozás'}
          </Button>
        </Flex>
      </Stack>
      {property && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Tulajdonság törlése"
          confirmLabel="Törlés"
          loading={action.isPending}
          onConfirm={() => action.mutate({ action: 'delete', id: property.id })}
        >
          Biztosan törlöd {withArticle(`„${property.title}”`)} tulajdonságot? Az értékei minden termékről
          lekerülnek.
        </ConfirmDialog>
      )}
    </form>
  );
}

/** /admin/property: product properties (colour, material…) and their values. */
export function PropertiesPage() {
  const client = useTRPCClient();
  const { data } = useSuspenseQuery(propertyListOptions(client));
  const [selected, setSelected] = useState<number | 'new' | null>(data.items[0]?.id ?? null);
  const property =
    typeof selected === 'number' ? (data.items.find((item) => item.id === selected) ?? null) : null;

  return (
    <AdminPage
      title="Tulajdonságok"
      description="Termékjellemzők és lehetséges értékeik; a szűrhetők a bolt szűrőiben jelennek meg."
      actions={
        <Button colorPalette="brand" onClick={() => setSelected('new')}>
          <LuPlus /> Új tulajdonság
        </Button>
      }
    >
      <Grid templateColumns={{ base: '1fr', lg: '18rem 1fr' }} gap="4" alignItems="start">
        <AdminPanel as="nav" aria-label="Tulajdonságok" p="2">
          <Stack as="ul" listStyleType="none" gap="0.5">
            {data.items.map((item) => (
              <li key={item.id}>
                <Button
                  variant={item.id === selected ? 'subtle' : 'ghost'}
                  colorPalette={item.id === selected ? 'brand' : 'gray'}
                  w="full"
                  justifyContent="space-between"
                  aria-current={item.id === selected ? 'true' : undefined}
                  onClick={() => setSelected(item.id)}
                >
                  <Text as="span" truncate>
                    {item.title}
                  </Text>
                  <Flex gap="1">
                    {!item.filterable && <Badge size="sm">nem szűrhető</Badge>}
                    <Badge size="sm" variant="outline">
                      {item.values.length}
                    </Badge>
                  </Flex>
                </Button>
              </li>
            ))}
            {data.items.length === 0 && (
              <Text p="3" color="fg.muted" fontSize="sm">
                Még nincs tulajdonság.
              </Text>
            )}
          </Stack>
        </AdminPanel>
        <AdminPanel p={{ base: '4', md: '6' }}>
          {selected === null ? (
            <Text color="fg.muted">Válassz egy tulajdonságot, vagy hozz létre újat.</Text>
          ) : (
            <PropertyForm
              key={selected === 'new' ? 'new' : `${selected}-${data.items.length}`}
              property={property}
              onDone={(saved, items = data.items) => setSelected(saved ? saved.id : (items[0]?.id ?? null))}
            />
          )}
        </AdminPanel>
      </Grid>
    </AdminPage>
  );
}
