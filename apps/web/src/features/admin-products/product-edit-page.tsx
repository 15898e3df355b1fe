import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  Checkbox,
  Field,
  Flex,
  Grid,
  Heading,
  IconButton,
  Image,
  Input,
  NativeSelect,
  RadioGroup,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { DEFAULT_LANGUAGE, type TProduct, ZProductUpdateInput } from '@shop/api/schemas';
import { formatDateTime, formatPrice, toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import {
  LuArrowDown,
  LuArrowLeft,
  LuArrowUp,
  LuExternalLink,
  LuPlus,
  LuTrash2,
  LuUpload,
} from 'react-icons/lu';
import { errorMessage, isUnauthorizedError, useTRPC, useTRPCClient } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { useZodForm } from '../admin/use-zod-form';
import { propertyListOptions } from '../admin-properties/property-queries';
import { readImageFile } from './image-upload';

type ImageRef = { id: number; thumb: string };
type TierRow = { minQuantity: string; grossPrice: string };
type GroupRow = { groupId: number; grossPrice: string; hidden: boolean };

const VAT_RATES = [27, 18, 5, 0] as const;

const toInt = (value: string): number | undefined => {
  const trimmed = value.replace(/\s/g, '');
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : Number.NaN;
};

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <AdminPanel p={{ base: '4', md: '6' }}>
      <Stack gap="4">
        <Box>
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {description && (
            <Text fontSize="sm" color="fg.muted" mt="1">
              {description}
            </Text>
          )}
        </Box>
        {children}
      </Stack>
    </AdminPanel>
  );
}

function ProductForm({ product }: { product: TProduct | null }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const admin = product?.admin ?? null;
  const hu = product?.descriptions.find((description) => description.language === DEFAULT_LANGUAGE);

  const { data: groups } = useSuspenseQuery(trpc.customer.groupList.queryOptions());
  const { data: categories } = useSuspenseQuery(
    trpc.category.findAll.queryOptions({ page: 1, pageSize: 500, sort: 'path', order: 'asc' }),
  );
  const { data: properties } = useSuspenseQuery(propertyListOptions(client));

  const [title, setTitle] = useState(hu?.title ?? '');
  const [body, setBody] = useState(hu?.body ?? '');
  const [metaTitle, setMetaTitle] = useState(hu?.metaTitle ?? '');
  const [metaDescription, setMetaDescription] = useState(hu?.metaDescription ?? '');
  const [slug, setSlug] = useState(product?.nameSlug ?? '');
  const [kutiId, setKutiId] = useState(product?.kutiId ?? '');
  const [price, setPrice] = useState(admin ? String(admin.grossPrice) : '');
  const [vatRate, setVatRate] = useState(String(product?.vatRate ?? 27));
  const [stock, setStock] = useState(String(product?.stock ?? 0));
  const [unit, setUnit] = useState(product?.unit ?? 'db');
  const [weight, setWeight] = useState(product?.weightGrams == null ? '' : String(product.weightGrams));
  const [enabled, setEnabled] = useState(product?.enabled ?? true);
  const [featured, setFeatured] = useState(product?.featured ?? false);
  const [tiers, setTiers] = useState<TierRow[]>(
    admin?.tiers.map((tier) => ({
      minQuantity: String(tier.minQuantity),
      grossPrice: String(tier.grossPrice),
    })) ?? [],
  );
  const [groupRows, setGroupRows] = useState<GroupRow[]>(() =>
    groups.map((group) => {
      const stored = admin?.groupPrices.find((entry) => entry.groupId === group.id);
      return {
        groupId: group.id,
        grossPrice: stored?.grossPrice == null ? '' : String(stored.grossPrice),
        hidden: stored?.hidden ?? false,
      };
    }),
  );
  const [categoryIds, setCategoryIds] = useState<number[]>(admin?.categoryIds ?? []);
  const [primaryCategoryId, setPrimaryCategoryId] = useState<number | null>(admin?.primaryCategoryId ?? null);
  const [valueIds, setValueIds] = useState<number[]>(admin?.propertyValueIds ?? []);
  const [images, setImages] = useState<ImageRef[]>(
    product?.images.map((image) => ({ id: image.id, thumb: image.thumb })) ?? [],
  );
  const [categoryFilter, setCategoryFilter] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const { errors, validate, applyServerError } = useZodForm(ZProductUpdateInput);

  const save = useMutation(
    trpc.product.update.mutationOptions({
      onSuccess: (saved) => {
        toaster.success({ title: product ? 'A termék mentve.' : 'A termék létrejött.' });
        void queryClient.invalidateQueries(trpc.product.pathFilter());
        if (!product)
          void navigate({
            to: '/admin/catalog/products/$id',
            params: { id: String(saved.id) },
            replace: true,
          });
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        if (!applyServerError(error))
          toaster.error({ title: 'A mentés nem sikerült.', description: errorMessage(error) });
        else toaster.error({ title: 'Javítsd a megjelölt mezőket.' });
      },
    }),
  );
  const upload = useMutation(trpc.media.upload.mutationOptions());
  const [uploading, setUploading] = useState(false);

  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setUploading(true);
    try {
      for (const file of Array.from(files)) {
        try {
          const media = await upload.mutateAsync({ ...(await readImageFile(file)), alt: title || null });
          setImages((current) => [...current, { id: media.id, thumb: media.urls.thumb }]);
        } catch (error) {
          if (!isUnauthorizedError(error))
            toaster.error({
              title: 'A kép feltöltése nem sikerült.',
              description: error instanceof Error ? error.message : errorMessage(error),
            });
        }
      }
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const moveImage = (index: number, delta: number) =>
    setImages((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(index + delta, 0, moved);
      return next;
    });

  const toggleCategory = (id: number, checked: boolean) => {
    setCategoryIds((current) => (checked ? [...current, id] : current.filter((entry) => entry !== id)));
    if (checked && primaryCategoryId === null) setPrimaryCategoryId(id);
    if (!checked && primaryCategoryId === id) setPrimaryCategoryId(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const primary =
      primaryCategoryId !== null && categoryIds.includes(primaryCategoryId) ? primaryCategoryId : undefined;
    const input = validate({
      id: product?.id,
      slug: slug.trim() || undefined,
      kutiId: kutiId.trim() || null,
      grossPrice: toInt(price),
      vatRate: Number(vatRate),
      stock: toInt(stock) ?? 0,
      unit: unit.trim() || 'db',
      weightGrams: toInt(weight) ?? null,
      enabled,
      featured,
      descriptions: [
        {
          language: DEFAULT_LANGUAGE,
          title,
          body: body.trim() ? body : null,
          metaTitle: metaTitle.trim() || null,
          metaDescription: metaDescription.trim() || null,
        },
      ],
      tiers: tiers
        .filter((tier) => tier.minQuantity.trim() || tier.grossPrice.trim())
        .map((tier) => ({ minQuantity: toInt(tier.minQuantity), grossPrice: toInt(tier.grossPrice) })),
      groupPrices: groupRows
        .filter((row) => row.grossPrice.trim() || row.hidden)
        .map((row) => ({
          groupId: row.groupId,
          grossPrice: toInt(row.grossPrice) ?? null,
          hidden: row.hidden,
        })),
      propertyValueIds: valueIds,
      imageIds: images.map((image) => image.id),
      categoryIds,
      primaryCategoryId: primary,
    });
    if (input) save.mutate(input);
    else toaster.error({ title: 'Javítsd a megjelölt mezőket.' });
  };

  const needle = categoryFilter.trim().toLocaleLowerCase('hu');
  // The categories the product had when opened come first (sorting by the live choice would make rows jump).
  const initialCategoryIds = admin?.categoryIds ?? [];
  const shownCategories = categories.items
    .filter(
      (category) =>
        categoryIds.includes(category.id) ||
        !needle ||
        category.path.toLocaleLowerCase('hu').includes(needle),
    )
    .sort((a, b) => Number(initialCategoryIds.includes(b.id)) - Number(initialCategoryIds.includes(a.id)));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4" alignItems="start">
        <Stack gap="4">
          <Section title="Alapadatok">
            <Field.Root invalid={Boolean(errors['descriptions.0.title'])} required>
              <Field.Label>
                Megnevezés (magyar) <Field.RequiredIndicator />
              </Field.Label>
              <Input value={title} onChange={(event) => setTitle(event.target.value)} />
              <Field.ErrorText>{errors['descriptions.0.title']}</Field.ErrorText>
            </Field.Root>
            <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
              <Field.Root invalid={Boolean(errors.slug)}>
                <Field.Label>URL-név</Field.Label>
                <Input
                  value={slug}
                  onChange={(event) => setSlug(event.target.value)}
                  placeholder="a megnevezésből készül"
                />
                <Field.HelperText>
                  {product ? `A termék címe: /${product.slug}` : 'A végére a termék azonosítója kerül.'}
                </Field.HelperText>
                <Field.ErrorText>{errors.slug}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.kutiId)}>
                <Field.Label>Cikkszám (külső kód)</Field.Label>
                <Input value={kutiId} onChange={(event) => setKutiId(event.target.value)} />
                <Field.ErrorText>{errors.kutiId}</Field.ErrorText>
              </Field.Root>
            </Grid>
            <Flex gap="6" wrap="wrap">
              <Switch.Root
                checked={enabled}
                onCheckedChange={(details) => setEnabled(details.checked)}
                colorPalette="brand"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>Engedélyezve (látszik a boltban)</Switch.Label>
              </Switch.Root>
              <Switch.Root
                checked={featured}
                onCheckedChange={(details) => setFeatured(details.checked)}
                colorPalette="brand"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>Kiemelt</Switch.Label>
              </Switch.Root>
            </Flex>
          </Section>

          <Section title="Ár és készlet" description="Bruttó, egész forintban.">
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
              <Field.Root invalid={Boolean(errors.grossPrice)} required>
                <Field.Label>
                  Bruttó ár (Ft) <Field.RequiredIndicator />
                </Field.Label>
                <Input inputMode="numeric" value={price} onChange={(event) => setPrice(event.target.value)} />
                <Field.ErrorText>{errors.grossPrice}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.vatRate)}>
                <Field.Label>ÁFA</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={vatRate} onChange={(event) => setVatRate(event.target.value)}>
                    {VAT_RATES.map((rate) => (
                      <option key={rate} value={rate}>
                        {rate}%
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.stock)}>
                <Field.Label>Készlet</Field.Label>
                <Input inputMode="numeric" value={stock} onChange={(event) => setStock(event.target.value)} />
                <Field.ErrorText>{errors.stock}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.unit)}>
                <Field.Label>Egység</Field.Label>
                <Input value={unit} onChange={(event) => setUnit(event.target.value)} />
                <Field.ErrorText>{errors.unit}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors.weightGrams)}>
                <Field.Label>Tömeg (g)</Field.Label>
                <Input
                  inputMode="numeric"
                  value={weight}
                  onChange={(event) => setWeight(event.target.value)}
                />
                <Field.ErrorText>{errors.weightGrams}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
          </Section>

          <Section
            title="Mennyiségi árak"
            description="Adott darabszámtól érvényes bruttó egységár; a listaár 1 darabtól érvényes."
          >
            {tiers.length > 0 && (
              <Stack gap="2">
                {tiers.map((tier, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity before saving
                  <Flex key={index} gap="2" align="flex-start">
                    <Field.Root invalid={Boolean(errors[`tiers.${index}.minQuantity`])}>
                      <Input
                        aria-label={`${index + 1}. sáv: darabszámtól`}
                        inputMode="numeric"
                        placeholder="db-tól"
                        value={tier.minQuantity}
                        onChange={(event) =>
                          setTiers(
                            tiers.map((row, position) =>
                              position === index ? { ...row, minQuantity: event.target.value } : row,
                            ),
                          )
                        }
                      />
                      <Field.ErrorText>{errors[`tiers.${index}.minQuantity`]}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={Boolean(errors[`tiers.${index}.grossPrice`])}>
                      <Input
                        aria-label={`${index + 1}. sáv: bruttó egységár`}
                        inputMode="numeric"
                        placeholder="Ft / db"
                        value={tier.grossPrice}
                        onChange={(event) =>
                          setTiers(
                            tiers.map((row, position) =>
                              position === index ? { ...row, grossPrice: event.target.value } : row,
                            ),
                          )
                        }
                      />
                      <Field.ErrorText>{errors[`tiers.${index}.grossPrice`]}</Field.ErrorText>
                    </Field.Root>
                    <IconButton
                      variant="ghost"
                      colorPalette="red"
                      aria-label={`${index + 1}. sáv törlése`}
                      onClick={() => setTiers(tiers.filter((_, position) => position !== index))}
                    >
                      <LuTrash2 />
                    </IconButton>
                  </Flex>
                ))}
              </Stack>
            )}
            <Button
              variant="outline"
              size="sm"
              alignSelf="flex-start"
              onClick={() => setTiers([...tiers, { minQuantity: '', grossPrice: '' }])}
            >
              <LuPlus /> Új sáv
            </Button>
          </Section>

          <Section title="Leírás és keresőoptimalizálás">
            <Field.Root invalid={Boolean(errors['descriptions.0.body'])}>
              <Field.Label>Leírás (HTML)</Field.Label>
              <Textarea
                value={body}
                onChange={(event) => setBody(event.target.value)}
                rows={10}
                fontFamily="mono"
                fontSize="sm"
              />
              <Field.ErrorText>{errors['descriptions.0.body']}</Field.ErrorText>
            </Field.Root>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <Field.Root invalid={Boolean(errors['descriptions.0.metaTitle'])}>
                <Field.Label>Oldalcím (title)</Field.Label>
                <Input
                  value={metaTitle}
                  onChange={(event) => setMetaTitle(event.target.value)}
                  placeholder={title}
                />
                <Field.ErrorText>{errors['descriptions.0.metaTitle']}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors['descriptions.0.metaDescription'])}>
                <Field.Label>Meta leírás</Field.Label>
                <Input value={metaDescription} onChange={(event) => setMetaDescription(event.target.value)} />
                <Field.ErrorText>{errors['descriptions.0.metaDescription']}</Field.ErrorText>
              </Field.Root>
            </Grid>
          </Section>

          <Section title="Tulajdonságok" description="A boltban szűrni lehet rájuk.">
            {properties.items.length === 0 && <Text color="fg.muted">Még nincs tulajdonság.</Text>}
            {properties.items.map((property) => (
              <Box as="fieldset" key={property.id}>
                <Text as="legend" fontWeight="semibold" fontSize="sm" mb="2">
                  {property.title}
                </Text>
                <Flex gap="3" wrap="wrap">
                  {property.values.map((value) => (
                    <Checkbox.Root
                      key={value.id}
                      size="sm"
                      checked={valueIds.includes(value.id)}
                      onCheckedChange={(details) =>
                        setValueIds((current) =>
                          details.checked === true
                            ? [...current, value.id]
                            : current.filter((id) => id !== value.id),
                        )
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label fontWeight="normal">{value.title}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Flex>
              </Box>
            ))}
          </Section>
        </Stack>

        <Stack gap="4">
          <Section
            title="Képek"
            description="Az első kép a fő kép. JPEG, PNG, WebP vagy GIF, legfeljebb 8 MB."
          >
            {images.length > 0 && (
              <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
                {images.map((image, index) => (
                  <Box key={image.id} borderWidth="1px" borderRadius="l2" overflow="hidden" bg="bg.subtle">
                    <Image
                      src={image.thumb}
                      alt={`${index + 1}. kép`}
                      width={160}
                      height={160}
                      w="full"
                      aspectRatio={1}
                      objectFit="cover"
                    />
                    <Flex justify="space-between" p="1" bg="white">
                      <Flex>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={`${index + 1}. kép előrébb`}
                          disabled={index === 0}
                          onClick={() => moveImage(index, -1)}
                        >
                          <LuArrowUp />
                        </IconButton>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={`${index + 1}. kép hátrébb`}
                          disabled={index === images.length - 1}
                          onClick={() => moveImage(index, 1)}
                        >
                          <LuArrowDown />
                        </IconButton>
                      </Flex>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`${index + 1}. kép eltávolítása`}
                        onClick={() => setImages(images.filter((_, position) => position !== index))}
                      >
                        <LuTrash2 />
                      </IconButton>
                    </Flex>
                  </Box>
                ))}
              </SimpleGrid>
            )}
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              multiple
              hidden
              aria-label="Képek feltöltése"
              onChange={(event) => void onFiles(event.target.files)}
            />
            <Button
              variant="outline"
              alignSelf="flex-start"
              loading={uploading}
              onClick={() => fileInput.current?.click()}
            >
              <LuUpload /> Kép feltöltése
            </Button>
          </Section>

          <Section
            title="Kategóriák"
            description="Pipáld be a kategóriákat, és jelöld ki a fő kategóriát (a morzsamenühöz)."
          >
            <Input
              size="sm"
              type="search"
              aria-label="Kategóriák szűrése"
              placeholder="Szűrés"
              value={categoryFilter}
              onChange={(event) => setCategoryFilter(event.target.value)}
            />
            <RadioGroup.Root
              value={primaryCategoryId === null ? '' : String(primaryCategoryId)}
              onValueChange={(details) => details.value && setPrimaryCategoryId(Number(details.value))}
              size="sm"
            >
              <Stack gap="1.5" maxH="72" overflowY="auto" pe="1">
                {shownCategories.map((category) => {
                  const checked = categoryIds.includes(category.id);
                  return (
                    <Flex key={category.id} align="center" justify="space-between" gap="2">
                      <Checkbox.Root
                        size="sm"
                        checked={checked}
                        onCheckedChange={(details) => toggleCategory(category.id, details.checked === true)}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label fontWeight="normal">{category.path}</Checkbox.Label>
                      </Checkbox.Root>
                      {checked && (
                        <RadioGroup.Item value={String(category.id)}>
                          <RadioGroup.ItemHiddenInput aria-label={`${category.path}: fő kategória`} />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText fontSize="xs" color="fg.muted">
                            fő
                          </RadioGroup.ItemText>
                        </RadioGroup.Item>
                      )}
                    </Flex>
                  );
                })}
              </Stack>
            </RadioGroup.Root>
            {errors.categoryIds && (
              <Text color="fg.error" fontSize="sm">
                {errors.categoryIds}
              </Text>
            )}
          </Section>

          <Section
            title="Csoportárak"
            description="Üres ár: a csoport a listaárat kapja a csoport kedvezményével."
          >
            {groups.length === 0 && <Text color="fg.muted">Még nincs vásárlói csoport.</Text>}
            {groupRows.map((row, index) => {
              const group = groups.find((entry) => entry.id === row.groupId);
              return (
                <Flex key={row.groupId} align="center" gap="3" wrap="wrap">
                  <Text flex="1" minW="32" fontSize="sm" fontWeight="medium">
                    {group?.name}
                    {group && group.discountPercent > 0 && (
                      <Text as="span" color="fg.muted" fontWeight="normal">
                        {' '}
                        (−{group.discountPercent}%)
                      </Text>
                    )}
                  </Text>
                  <Input
                    size="sm"
                    w="28"
                    inputMode="numeric"
                    placeholder="Ft"
                    aria-label={`${group?.name ?? ''}: csoportár`}
                    value={row.grossPrice}
                    onChange={(event) =>
                      setGroupRows(
                        groupRows.map((entry, position) =>
                          position === index ? { ...entry, grossPrice: event.target.value } : entry,
                        ),
                      )
                    }
                  />
                  <Checkbox.Root
                    size="sm"
                    checked={row.hidden}
                    onCheckedChange={(details) =>
                      setGroupRows(
                        groupRows.map((entry, position) =>
                          position === index ? { ...entry, hidden: details.checked === true } : entry,
                        ),
                      )
                    }
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontWeight="normal">Rejtett</Checkbox.Label>
                  </Checkbox.Root>
                </Flex>
              );
            })}
            {product && (
              <ChakraLink asChild fontSize="sm" color="brand.fg">
                <Link to="/admin/catalog/user" search={{ product: product.id }}>
                  Egyedi vevői árak és láthatóság →
                </Link>
              </ChakraLink>
            )}
          </Section>

          {admin && admin.priceHistory.length > 0 && (
            <Section
              title="Ártörténet"
              description="A listaár változásai; a 30 napos legalacsonyabb ár ebből számol."
            >
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Érvényes ettől</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Bruttó ár</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {admin.priceHistory.map((entry) => (
                    <Table.Row key={entry.validFrom}>
                      <Table.Cell>{formatDateTime(entry.validFrom)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatPrice(entry.grossPrice)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
              {product?.lowestPrice30d != null && (
                <Text fontSize="sm" color="fg.muted">
                  Az elmúlt 30 nap legalacsonyabb ára: {formatPrice(product.lowestPrice30d)}
                </Text>
              )}
            </Section>
          )}
        </Stack>
      </Grid>
      <Flex
        position="sticky"
        bottom="0"
        mt="4"
        py="3"
        px={{ base: '3', md: '4' }}
        bg="white"
        borderWidth="1px"
        borderRadius="l3"
        boxShadow="md"
        justify="space-between"
        align="center"
        gap="3"
        zIndex="docked"
      >
        <Text fontSize="sm" color="fg.muted" hideBelow="md">
          {product ? `Azonosító: ${product.id}` : 'Új termék'}
        </Text>
        <Button type="submit" colorPalette="brand" loading={save.isPending} ms="auto">
          {product ? 'Mentés' : 'Létrehozás'}
        </Button>
      </Flex>
    </form>
  );
}

function Actions({ product }: { product?: TProduct }) {
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/admin/catalog/products">
          <LuArrowLeft /> Termékek
        </Link>
      </Button>
      {product?.enabled && (
        <Button asChild variant="outline" size="sm">
          <ChakraLink href={`/${product.slug}`} target="_blank" rel="noopener">
            Megnyitás a boltban <LuExternalLink />
          </ChakraLink>
        </Button>
      )}
    </>
  );
}

function ExistingProduct({ id }: { id: number }) {
  const trpc = useTRPC();
  const { data: product } = useSuspenseQuery(trpc.product.byId.queryOptions({ id }));
  return (
    <AdminPage
      title={product.title}
      description={
        <>
          Utoljára módosítva: {formatDateTime(product.updatedAt)}{' '}
          {!product.enabled && (
            <Badge colorPalette="gray" ms="1">
              Letiltva
            </Badge>
          )}
        </>
      }
      actions={<Actions product={product} />}
    >
      <ProductForm key={product.updatedAt} product={product} />
    </AdminPage>
  );
}

/** /admin/catalog/products/{id}; `new` creates a product. */
export function ProductEditPage({ id }: { id: number | 'new' }) {
  if (id === 'new') {
    return (
      <AdminPage title="Új termék" actions={<Actions />}>
        <ProductForm product={null} />
      </AdminPage>
    );
  }
  return <ExistingProduct id={id} />;
}
