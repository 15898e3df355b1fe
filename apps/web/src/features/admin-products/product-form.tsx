import { Alert, Button, Fieldset, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { DEFAULT_LANGUAGE, type TCustomerGroup, type TProduct, ZProductUpdateInput } from '@shop/api/schemas';
import { fromNetQuantity, toNetQuantity } from '@shop/api/schemas/unit-price';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { parseNumberInput } from '../../components/form/number-input';
import { useZodForm } from '../../components/form/use-zod-form';
import { toastError } from '../../lib/error-toast';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { missingAccessReason } from '../admin/access';
import { useAdminAccess } from '../admin/use-access';
import { type ProductBasics, ProductBasicsSection } from './product-basics-section';
import { ProductCategoriesSection, type ProductCategoryChoice } from './product-categories-section';
import { ProductDescriptionSection, type ProductText } from './product-description-section';
import { type GroupRow, ProductGroupPricesSection } from './product-group-prices-section';
import { type ImageRef, ProductImagesSection } from './product-images-section';
import { ProductPriceHistorySection } from './product-price-history-section';
import { ProductPropertiesSection } from './product-properties-section';
import { ProductSaleSection, productSaleFields } from './product-sale-section';
import { type ProductStock, ProductStockSection } from './product-stock-section';
import { ProductTiersSection, type TierRow, tiersInput } from './product-tiers-section';
import { type SaleDraft, saleInput } from './sale-draft';

/** The stored net quantity as the form shows it: 0.25 kg as 250 g. */
function netQuantityFields(product: TProduct | null): Pick<ProductStock, 'netQuantity' | 'netUnit'> {
  if (product?.netQuantity == null || !product.netQuantityUnit) return { netQuantity: '', netUnit: 'g' };
  const { value, inputUnit } = fromNetQuantity(product.netQuantity, product.netQuantityUnit);
  return { netQuantity: String(value).replace('.', ','), netUnit: inputUnit };
}

/** The typed net quantity in the stored unit (250 g → 0.25 kg); empty sells by the piece. */
function netQuantityInput(stock: ProductStock) {
  const typed = parseNumberInput(stock.netQuantity);
  if (typed === undefined) return { netQuantity: null, netQuantityUnit: null };
  return toNetQuantity(typed, stock.netUnit);
}

/** Creates (`product` null) or edits a product; the sections hold the fields, this sends them in one save. */
export function ProductForm({ product }: { product: TProduct | null }) {
  // The group prices need the customer groups, which only customers:read may list; without it the
  // form works on without them (and leaves the stored group prices as they are).
  return useAdminAccess().may('customers:read') ? (
    <ProductFormWithGroups product={product} />
  ) : (
    <ProductFormFields product={product} groups={null} />
  );
}

function ProductFormWithGroups({ product }: { product: TProduct | null }) {
  const trpc = useTRPC();
  const { data: groups } = useSuspenseQuery(
    trpc.customer.groupList.queryOptions(undefined, { select: selectItems }),
  );
  return <ProductFormFields product={product} groups={groups} />;
}

function ProductFormFields({
  product,
  groups,
}: {
  product: TProduct | null;
  groups: TCustomerGroup[] | null;
}) {
  // catalogue:read alone (a warehouse) opens the product to look at: every field, price first, is
  // locked and says why, instead of a save the server would refuse.
  const access = useAdminAccess();
  const readOnlyReason = access.reasonNot('catalogue:write');
  const mayStock = access.may('stock:write');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const admin = product?.admin ?? null;
  const hu = product?.descriptions.find((description) => description.language === DEFAULT_LANGUAGE);
  const hasVariants = (product?.variants.length ?? 0) > 0;

  const [basics, setBasics] = useState<ProductBasics>({
    title: hu?.title ?? '',
    slug: product?.nameSlug ?? '',
    kutiId: product?.kutiId ?? '',
    ean: admin?.ean ?? '',
    enabled: product?.enabled ?? true,
    featured: product?.featured ?? false,
    feedExcluded: admin?.feedExcluded ?? false,
  });
  const [text, setText] = useState<ProductText>({
    body: hu?.body ?? '',
    metaTitle: hu?.metaTitle ?? '',
    metaDescription: hu?.metaDescription ?? '',
  });
  const [stock, setStock] = useState<ProductStock>({
    price: admin ? String(admin.price) : '',
    vatClass: admin?.vatClass ?? '27',
    stock: String(product?.stock ?? 0),
    unit: product?.unit ?? 'db',
    weight: product?.weightGrams == null ? '' : String(product.weightGrams),
    ...netQuantityFields(product),
  });
  const [sale, setSale] = useState<SaleDraft>(() => productSaleFields(product));
  const [tiers, setTiers] = useState<TierRow[]>(
    admin?.tiers.map((tier) => ({
      minQuantity: String(tier.minQuantity),
      price: String(tier.price),
    })) ?? [],
  );
  const [groupRows, setGroupRows] = useState<GroupRow[]>(() =>
    (groups ?? []).map((group) => {
      const stored = admin?.groupPrices.find((entry) => entry.groupId === group.id);
      return {
        groupId: group.id,
        price: stored?.price == null ? '' : String(stored.price),
        hidden: stored?.hidden ?? false,
      };
    }),
  );
  const [categories, setCategories] = useState<ProductCategoryChoice>({
    categoryIds: admin?.categoryIds ?? [],
    primaryCategoryId: admin?.primaryCategoryId ?? null,
  });
  const [valueIds, setValueIds] = useState<number[]>(admin?.propertyValueIds ?? []);
  const [images, setImages] = useState<ImageRef[]>(
    product?.images.map((image) => ({ id: image.id, thumb: image.thumb })) ?? [],
  );
  const { errors, validate, applyServerError, setErrors } = useZodForm(ZProductUpdateInput);

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
      meta: { toastError: false },
      onError: (error) => {
        // The form is long: say so when the marked fields may be out of sight.
        if (applyServerError(error)) toaster.error({ title: 'Javítsd a megjelölt mezőket.' });
        else toastError('A mentés nem sikerült.', error);
      },
    }),
  );

  /**
   * Without an id the API updates the product that has the code (how integrators sync), so a new
   * product must not be sent with a code another product has: that would overwrite the other one.
   */
  const codeHolder = async (kutiId: string) => {
    const found = await queryClient.fetchQuery(
      trpc.product.findMultipleByKutiId.queryOptions({ ids: [kutiId] }, { staleTime: 0 }),
    );
    return found.items.find((item) => item.kutiId === kutiId) ?? null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { categoryIds, primaryCategoryId } = categories;
    const primary =
      primaryCategoryId !== null && categoryIds.includes(primaryCategoryId) ? primaryCategoryId : undefined;
    const input = validate({
      id: product?.id,
      slug: basics.slug.trim() || undefined,
      kutiId: basics.kutiId.trim() || null,
      price: parseNumberInput(stock.price),
      ...saleInput(sale),
      vatClass: stock.vatClass,
      ...netQuantityInput(stock),
      // A product sold in variants has the sum of their stock, written with the variants.
      ...(hasVariants ? {} : { stock: parseNumberInput(stock.stock) ?? 0 }),
      unit: stock.unit.trim() || 'db',
      weightGrams: parseNumberInput(stock.weight) ?? null,
      ean: basics.ean.trim() || null,
      feedExcluded: basics.feedExcluded,
      enabled: basics.enabled,
      featured: basics.featured,
      descriptions: [
        {
          language: DEFAULT_LANGUAGE,
          title: basics.title,
          body: text.body.trim() ? text.body : null,
          metaTitle: text.metaTitle.trim() || null,
          metaDescription: text.metaDescription.trim() || null,
        },
      ],
      tiers: tiersInput(tiers),
      groupPrices: groups
        ? groupRows
            .filter((row) => row.price.trim() || row.hidden)
            .map((row) => ({
              groupId: row.groupId,
              price: parseNumberInput(row.price) ?? null,
              hidden: row.hidden,
            }))
        : undefined,
      propertyValueIds: valueIds,
      imageIds: images.map((image) => image.id),
      categoryIds,
      primaryCategoryId: primary,
    });
    if (!input) {
      toaster.error({ title: 'Javítsd a megjelölt mezőket.' });
      return;
    }
    const holder = !product && input.kutiId ? await codeHolder(input.kutiId) : null;
    if (holder) {
      setErrors({ kutiId: `Ezt a termékkódot már egy másik termék használja: „${holder.title}”.` });
      toaster.error({ title: 'Javítsd a megjelölt mezőket.' });
      return;
    }
    save.mutate(input);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {readOnlyReason && (
        <Alert.Root status="info" mb="4">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Csak megtekintheted ezt a terméket.</Alert.Title>
            <Alert.Description>
              {readOnlyReason} Az árat és a leírást a tulajdonos vagy egy ilyen jogosultságú munkatárs
              módosíthatja
              {mayStock
                ? '; a készletet fent, a „Készlet módosítása” részben állíthatod.'
                : ', a készletet is.'}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {/* Chakra's fieldset, as in the edit page scaffold: its context locks the rich-text editor too. */}
      <Fieldset.Root unstyled disabled={Boolean(readOnlyReason)} minW="0" m="0" p="0" border="0">
        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
          gap="4"
          alignItems="start"
        >
          <Stack gap="4">
            <ProductBasicsSection
              product={product}
              value={basics}
              onChange={(patch) => setBasics((current) => ({ ...current, ...patch }))}
              errors={errors}
            />
            <ProductStockSection
              variantStock={hasVariants ? (product?.stock ?? 0) : null}
              value={stock}
              onChange={(patch) => setStock((current) => ({ ...current, ...patch }))}
              errors={errors}
            />
            <ProductSaleSection
              value={sale}
              onChange={(patch) => setSale((current) => ({ ...current, ...patch }))}
              errors={errors}
            />
            <ProductTiersSection tiers={tiers} onChange={setTiers} errors={errors} />
            <ProductDescriptionSection
              value={text}
              titlePlaceholder={basics.title}
              onChange={(patch) => setText((current) => ({ ...current, ...patch }))}
              errors={errors}
            />
            {/* The properties are listed by the same call that saves them (catalogue:write). */}
            {!readOnlyReason && <ProductPropertiesSection valueIds={valueIds} onChange={setValueIds} />}
          </Stack>

          <Stack gap="4">
            <ProductImagesSection images={images} onChange={setImages} altText={basics.title} />
            <ProductCategoriesSection
              value={categories}
              onChange={setCategories}
              initialCategoryIds={admin?.categoryIds ?? []}
              error={errors.categoryIds}
            />
            {groups ? (
              <ProductGroupPricesSection
                productId={product?.id}
                groups={groups}
                rows={groupRows}
                onChange={setGroupRows}
              />
            ) : (
              <Text fontSize="sm" color="fg.muted" px="1">
                Csoportárak: {missingAccessReason('customers:read')}
              </Text>
            )}
            <ProductPriceHistorySection product={product} />
          </Stack>
        </Grid>
      </Fieldset.Root>
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
        {readOnlyReason ? (
          <Text fontSize="sm" color="fg.muted" ms="auto">
            Csak megtekintés
          </Text>
        ) : (
          <Button type="submit" colorPalette="brand" loading={save.isPending} ms="auto">
            {product ? 'Mentés' : 'Létrehozás'}
          </Button>
        )}
      </Flex>
    </form>
  );
}
