import {
  Box,
  Button,
  Checkbox,
  Flex,
  IconButton,
  Image,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Text,
  type TextProps,
} from '@chakra-ui/react';
import { MAX_PRODUCT_VARIANTS, type TProduct, ZProductVariantsInput } from '@shop/api/schemas';
import { formatPrice, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { LuTrash2, LuWandSparkles } from 'react-icons/lu';
import { parseNumberInput } from '../../components/form/number-input';
import { serverIssues, useZodForm } from '../../components/form/use-zod-form';
import { toastError } from '../../lib/error-toast';
import { selectItems } from '../../lib/select-items';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { propertyListOptions } from '../admin-properties/property-queries';
import { ProductOptionsEditor } from './product-options-editor';
import { ProductSection } from './product-section';
import { saleSummary } from './sale-draft';
import {
  combinationKey,
  combinations,
  draftsOf,
  generateRows,
  type OptionDraft,
  type VariantRow,
  variantsInput,
} from './variant-drafts';
import { VariantPricesDialog } from './variant-prices-dialog';

type TextColumn = 'kutiId' | 'ean' | 'stock' | 'price' | 'weight';

const COLUMNS: { field: TextColumn; label: string; inputPath: string; width: string; numeric?: boolean }[] = [
  { field: 'kutiId', label: 'Termékkód', inputPath: 'kutiId', width: '36' },
  { field: 'ean', label: 'EAN', inputPath: 'ean', width: '36', numeric: true },
  { field: 'stock', label: 'Készlet', inputPath: 'stock', width: '20', numeric: true },
  { field: 'price', label: 'Ár (Ft)', inputPath: 'grossPrice', width: '24', numeric: true },
  { field: 'weight', label: 'Tömeg (g)', inputPath: 'weightGrams', width: '20', numeric: true },
];

/** "Készlet a kijelölteknek: [ ] Beállítás": one value written into every selected row. */
function BulkSetter({
  label,
  placeholder,
  disabled,
  onApply,
}: {
  label: string;
  placeholder: string;
  disabled: boolean;
  onApply: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <Flex gap="1" align="center">
      <Input
        size="sm"
        w="28"
        inputMode="numeric"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button size="sm" variant="outline" disabled={disabled} onClick={() => onApply(value)}>
        {label}
      </Button>
    </Flex>
  );
}

/**
 * "Változatok": options with their values, the combinations generated from them, and a table to edit
 * each variant's code, EAN, stock, price, weight, picture and on/off; saved as a whole with one PUT.
 */
export function ProductVariantsSection({ product }: { product: TProduct }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { data: properties } = useSuspenseQuery(propertyListOptions(client));
  const { data: groups } = useSuspenseQuery(
    trpc.customer.groupList.queryOptions(undefined, { select: selectItems }),
  );
  /** The row whose "Árak" dialog is open. */
  const [pricing, setPricing] = useState<string | null>(null);
  const initial = useMemo(() => {
    const titles = new Map(
      properties.items.flatMap((property) => property.values.map((value) => [value.id, value.title])),
    );
    return draftsOf(product, (id) => titles.get(id));
  }, [product, properties]);
  const [options, setOptions] = useState<OptionDraft[]>(initial.options);
  const [rows, setRows] = useState<VariantRow[]>(initial.rows);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { errors, validate, applyServerError } = useZodForm(ZProductVariantsInput);

  const save = useMutation(
    trpc.product.variants.mutationOptions({
      onSuccess: () => {
        toaster.success({ title: 'A változatok mentve.' });
        void queryClient.invalidateQueries(trpc.product.pathFilter());
      },
      meta: { toastError: false },
      onError: (error) => {
        if (applyServerError(error)) {
          toaster.error({ title: 'Javítsd a megjelölt mezőket.' });
          openPricingOf(Object.keys(serverIssues(error)));
        } else toastError('A változatok mentése nem sikerült.', error);
      },
    }),
  );

  const patchRow = (key: string, patch: Partial<VariantRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const removeRows = (keys: Set<string>) => {
    setRows((current) => current.filter((row) => !keys.has(row.key)));
    setSelected((current) => new Set([...current].filter((key) => !keys.has(key))));
  };
  const setSelectedField = (field: 'stock' | 'price', value: string) =>
    setRows((current) =>
      current.map((row) => (selected.has(row.key) ? { ...row, [field]: value.trim() } : row)),
    );

  const possible = combinations(options).length;
  const generate = () => {
    if (possible > MAX_PRODUCT_VARIANTS) {
      toaster.error({ title: `Legfeljebb ${MAX_PRODUCT_VARIANTS} változat lehet; ez ${possible} lenne.` });
      return;
    }
    setRows((current) => generateRows(options, current));
  };

  /** A refused save whose first message belongs in a row's "Árak" dialog opens it, at that field. */
  const openPricingOf = (paths: readonly string[]) => {
    const first = paths[0] ?? '';
    const match = /^variants\.(\d+)\.(sale|tiers|groupPrices)/.exec(first);
    const row = match ? rows[Number(match[1])] : undefined;
    if (row) setPricing(row.key);
  };

  const onSave = () => {
    const sent = variantsInput(product.id, options, rows);
    const input = validate(sent);
    if (!input) {
      toaster.error({ title: 'Javítsd a megjelölt mezőket.' });
      const parsed = ZProductVariantsInput.safeParse(sent);
      if (!parsed.success) openPricingOf(parsed.error.issues.map((issue) => issue.path.join('.')));
      return;
    }
    save.mutate(input);
  };

  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.key));
  const rowError = (index: number, path: string) => errors[`variants.${index}.${path}`];
  const valuesError = (index: number) =>
    Object.entries(errors).find(([path]) => path.startsWith(`variants.${index}.values`))?.[1] ??
    errors[`variants.${index}.id`];
  const imageOf = (mediaId: number | null) => product.images.find((image) => image.id === mediaId);
  const pricesError = (index: number) =>
    Object.entries(errors).find(
      ([path]) =>
        path.startsWith(`variants.${index}.sale`) ||
        path.startsWith(`variants.${index}.tiers`) ||
        path.startsWith(`variants.${index}.groupPrices`),
    )?.[1];
  const productPrice = product.admin?.price ?? product.price;
  const pricingIndex = rows.findIndex((row) => row.key === pricing);
  const pricingRow = rows[pricingIndex];

  return (
    <ProductSection
      title="Változatok"
      description="Méretek, színek: minden megvásárolható kombináció saját kóddal, készlettel és (ha eltér) árral. A termék készlete az engedélyezett változatoké együtt."
    >
      <ProductOptionsEditor
        options={options}
        errors={errors}
        onChange={setOptions}
        onRemove={(index) => {
          setOptions((current) => current.filter((_, o) => o !== index));
          // Without the option the rows that differed only in it are one: the first of them stays.
          setRows((current) => {
            const seen = new Set<string>();
            return current
              .map((row) => ({ ...row, values: row.values.filter((_, k) => k !== index) }))
              .filter((row) => {
                const key = combinationKey(row.values);
                if (row.values.length === 0 || seen.has(key)) return false;
                seen.add(key);
                return true;
              });
          });
        }}
        onValueRemoved={(index, title) =>
          setRows((current) =>
            current.filter((row) => combinationKey([row.values[index] ?? '']) !== combinationKey([title])),
          )
        }
      />
      {errors.options && (
        <Text color="fg.error" fontSize="sm">
          {errors.options}
        </Text>
      )}

      <Flex gap="3" align="center" wrap="wrap">
        <Button colorPalette="brand" variant="subtle" onClick={generate} disabled={possible === 0}>
          <LuWandSparkles /> Változatok létrehozása
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {possible > 0
            ? `${possible} kombináció; a meglévő sorok megmaradnak.`
            : 'Adj meg opciót és értékeket, majd hozd létre a változatokat.'}
        </Text>
      </Flex>
      {errors.variants && (
        <Text color="fg.error" fontSize="sm">
          {errors.variants}
        </Text>
      )}

      {rows.length > 0 && (
        <Stack gap="2">
          <Flex gap="3" wrap="wrap" align="center" bg="bg.subtle" p="2" borderRadius="l2">
            <Text fontSize="sm" fontWeight="medium">
              Kijelölve: {selected.size}
            </Text>
            <BulkSetter
              label="Készlet beállítása"
              placeholder="db"
              disabled={selected.size === 0}
              onApply={(value) => setSelectedField('stock', value)}
            />
            <BulkSetter
              label="Ár beállítása"
              placeholder="Ft"
              disabled={selected.size === 0}
              onApply={(value) => setSelectedField('price', value)}
            />
            <Button
              size="sm"
              variant="ghost"
              colorPalette="red"
              disabled={selected.size === 0}
              onClick={() => removeRows(selected)}
            >
              <LuTrash2 /> Kijelöltek törlése
            </Button>
          </Flex>
          <Table.ScrollArea borderWidth="1px" borderRadius="l2" maxW="full">
            <Table.Root size="sm" minW="max-content" data-testid="variant-table">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader w="8">
                    <Checkbox.Root
                      size="sm"
                      checked={allSelected}
                      onCheckedChange={(details) =>
                        setSelected(
                          details.checked === true ? new Set(rows.map((row) => row.key)) : new Set(),
                        )
                      }
                    >
                      <Checkbox.HiddenInput aria-label="Minden változat kijelölése" />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>Változat</Table.ColumnHeader>
                  {COLUMNS.map((column) => (
                    <Table.ColumnHeader key={column.field}>{column.label}</Table.ColumnHeader>
                  ))}
                  <Table.ColumnHeader>Egyedi árak</Table.ColumnHeader>
                  <Table.ColumnHeader>Kép</Table.ColumnHeader>
                  <Table.ColumnHeader>Aktív</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row, index) => {
                  const name = row.values.join(', ');
                  const image = imageOf(row.mediaId);
                  const sale = saleSummary(row.sale);
                  return (
                    <Table.Row key={row.key} data-testid="variant-row">
                      <Table.Cell>
                        <Checkbox.Root
                          size="sm"
                          checked={selected.has(row.key)}
                          onCheckedChange={(details) =>
                            setSelected((current) => {
                              const next = new Set(current);
                              if (details.checked === true) next.add(row.key);
                              else next.delete(row.key);
                              return next;
                            })
                          }
                        >
                          <Checkbox.HiddenInput aria-label={`${name} kijelölése`} />
                          <Checkbox.Control />
                        </Checkbox.Root>
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap" fontWeight="medium">
                        {name}
                        {sale && (
                          // A phone shows the first columns only: there it goes under the name.
                          <SaleNote display={{ base: 'block', md: 'none' }} maxW="36">
                            {sale}
                          </SaleNote>
                        )}
                        {valuesError(index) && (
                          <Text color="fg.error" fontSize="xs" whiteSpace="normal" maxW="48">
                            {valuesError(index)}
                          </Text>
                        )}
                      </Table.Cell>
                      {COLUMNS.map((column) => (
                        <Cell key={column.field} error={rowError(index, column.inputPath)}>
                          <Input
                            size="sm"
                            w={column.width}
                            inputMode={column.numeric ? 'numeric' : undefined}
                            aria-label={`${name}: ${column.label}`}
                            aria-invalid={Boolean(rowError(index, column.inputPath))}
                            placeholder={column.field === 'price' ? formatPrice(productPrice) : ''}
                            value={row[column.field]}
                            onChange={(event) => patchRow(row.key, { [column.field]: event.target.value })}
                          />
                          {column.field === 'price' && sale && (
                            // Under the price it reduces, as narrow as its input: the table keeps its width.
                            <SaleNote display={{ base: 'none', md: 'block' }} maxW={column.width}>
                              {sale}
                            </SaleNote>
                          )}
                        </Cell>
                      ))}
                      <Cell error={pricesError(index)}>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`${name}: árak`}
                          aria-invalid={Boolean(pricesError(index))}
                          onClick={() => setPricing(row.key)}
                        >
                          Árak
                          {ownPriceCount(row) > 0 && ` (${ownPriceCount(row)})`}
                        </Button>
                      </Cell>
                      <Cell error={rowError(index, 'mediaId')}>
                        <Flex gap="2" align="center">
                          <Box boxSize="8" flexShrink={0} borderRadius="l1" overflow="hidden" bg="bg.subtle">
                            {image && <Image src={image.thumb} alt="" w="full" h="full" objectFit="cover" />}
                          </Box>
                          <NativeSelect.Root size="sm" w="32">
                            <NativeSelect.Field
                              aria-label={`${name}: kép`}
                              value={row.mediaId ?? ''}
                              onChange={(event) =>
                                patchRow(row.key, {
                                  mediaId: event.target.value ? Number(event.target.value) : null,
                                })
                              }
                            >
                              <option value="">A termékéé</option>
                              {product.images.map((option, i) => (
                                <option key={option.id} value={option.id}>
                                  {i + 1}. kép
                                </option>
                              ))}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </Flex>
                      </Cell>
                      <Table.Cell>
                        <Switch.Root
                          size="sm"
                          colorPalette="green"
                          checked={row.enabled}
                          onCheckedChange={(details) => patchRow(row.key, { enabled: details.checked })}
                        >
                          <Switch.HiddenInput aria-label={`${name}: árusítva`} />
                          <Switch.Control />
                        </Switch.Root>
                      </Table.Cell>
                      <Table.Cell>
                        <IconButton
                          size="sm"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={`${name} törlése`}
                          onClick={() => removeRows(new Set([row.key]))}
                        >
                          <LuTrash2 />
                        </IconButton>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {product.images.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              Képet a változatokhoz a termék képei közül lehet választani: előbb tölts fel képet és mentsd a
              terméket.
            </Text>
          )}
        </Stack>
      )}

      {pricingRow && (
        <VariantPricesDialog
          name={pricingRow.values.join(', ')}
          row={pricingRow}
          index={pricingIndex}
          groups={groups}
          listPrice={parseNumberInput(pricingRow.price) ?? productPrice}
          errors={errors}
          onApply={(patch) => patchRow(pricingRow.key, patch)}
          onClose={() => setPricing(null)}
        />
      )}

      <Flex justify="end" gap="3" align="center" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {rows.length} változat
        </Text>
        <Button colorPalette="brand" onClick={onSave} loading={save.isPending}>
          Változatok mentése
        </Button>
      </Flex>
    </ProductSection>
  );
}

/** How many tiers and group prices of its own a row has, for its "Árak (3)" button. */
function ownPriceCount(row: VariantRow): number {
  return (
    row.tiers.filter((tier) => tier.minQuantity.trim()).length +
    Object.values(row.groupPrices).filter((price) => price.trim()).length
  );
}

/** A row's own sale ("Akció: 3 990 Ft, dec. 1–7."), so it shows without opening the "Árak" dialog. */
function SaleNote({ children, ...props }: TextProps) {
  return (
    <Text
      fontSize="xs"
      fontWeight="normal"
      color="fg.muted"
      mt="1"
      whiteSpace="normal"
      data-testid="variant-sale"
      {...props}
    >
      {children}
    </Text>
  );
}

/** A table cell with its field's error under the input. */
function Cell({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <Table.Cell verticalAlign="top">
      {children}
      {error && (
        <Text color="fg.error" fontSize="xs" mt="1" maxW="40" whiteSpace="normal">
          {error}
        </Text>
      )}
    </Table.Cell>
  );
}
