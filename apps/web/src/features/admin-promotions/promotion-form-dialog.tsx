import { Field, Grid, Heading, RadioGroup, Stack, Text } from '@chakra-ui/react';
import {
  PROMOTION_KIND_LABELS,
  type TPromotion,
  type TPromotionKind,
  ZPromotionCreateInput,
  ZPromotionUpdateInput,
} from '@shop/api/schemas';
import { formatNumber, fromBudapestInput, toaster, toBudapestInput } from '@shop/ui';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, type FormEvent, type ReactNode, useState } from 'react';
import { CheckboxField, DescribedFieldRoot, SwitchField, TextField } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import { SelectField } from '../../components/form/select-field';
import { useFormValues } from '../../components/form/use-form-values';
import { useZodForm } from '../../components/form/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { selectItems } from '../../lib/select-items';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { ProductPicker } from '../admin/product-picker';
import { WindowFields } from '../admin-banners/banner-window';
import { propertyListOptions } from '../admin-properties/property-queries';
import { OptionFinder, TargetField, type TargetOption } from './target-picker';

type Draft = {
  name: string;
  automatic: boolean;
  code: string;
  kind: TPromotionKind;
  value: string;
  giftProductId: number | null;
  minCartValue: string;
  categoryIds: number[];
  productIds: number[];
  propertyValueIds: number[];
  customerGroupIds: number[];
  firstOrderOnly: boolean;
  combines: boolean;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  paused: boolean;
};

type TargetKey = 'categoryIds' | 'productIds' | 'propertyValueIds' | 'customerGroupIds';

/** A limit of how often a promotion may be used, counted in orders. */
const LIMIT_FIELD = { unit: 'rendelés', inputMode: 'numeric', helper: 'Üresen: korlátlan.' } as const;

const numberText = (value: number | null | undefined) => (value == null ? '' : String(value));

function draftOf(promotion: TPromotion | null): Draft {
  return {
    name: promotion?.name ?? '',
    automatic: promotion?.automatic ?? false,
    code: '',
    kind: promotion?.kind ?? 'percent',
    value: promotion && hasValue(promotion.kind) ? String(promotion.value) : '',
    giftProductId: promotion?.giftProductId ?? null,
    minCartValue: numberText(promotion?.minCartValue),
    categoryIds: promotion?.categoryIds ?? [],
    productIds: promotion?.productIds ?? [],
    propertyValueIds: promotion?.propertyValueIds ?? [],
    customerGroupIds: promotion?.customerGroupIds ?? [],
    firstOrderOnly: promotion?.firstOrderOnly ?? false,
    combines: promotion?.combines ?? false,
    startsAt: toBudapestInput(promotion?.startsAt),
    endsAt: toBudapestInput(promotion?.endsAt),
    usageLimit: numberText(promotion?.usageLimit),
    perCustomerLimit: numberText(promotion?.perCustomerLimit),
    paused: promotion?.paused ?? false,
  };
}

/** Free shipping, the half-price second piece and a gift are worth what they say; only these two need a number. */
function hasValue(kind: TPromotionKind): kind is 'percent' | 'amount' {
  return kind === 'percent' || kind === 'amount';
}

/** The fields as the API takes them: empty limits are none, times are Budapest wall-clock times. */
function inputOf(draft: Draft) {
  return {
    name: draft.name,
    automatic: draft.automatic,
    kind: draft.kind,
    value: hasValue(draft.kind) ? parseNumberInput(draft.value) : 0,
    // Kept in the draft while another kind is tried, but only a gift promotion may name one.
    giftProductId: draft.kind === 'gift' ? draft.giftProductId : null,
    minCartValue: parseNumberInput(draft.minCartValue) ?? null,
    categoryIds: draft.categoryIds,
    productIds: draft.productIds,
    propertyValueIds: draft.propertyValueIds,
    customerGroupIds: draft.customerGroupIds,
    firstOrderOnly: draft.firstOrderOnly,
    combines: draft.combines,
    startsAt: fromBudapestInput(draft.startsAt) ?? null,
    endsAt: fromBudapestInput(draft.endsAt) ?? null,
    usageLimit: parseNumberInput(draft.usageLimit) ?? null,
    perCustomerLimit: parseNumberInput(draft.perCustomerLimit) ?? null,
    paused: draft.paused,
  };
}

/** The admin lists the targets are chosen from, as options with readable names. */
function useTargetOptions(productIds: readonly number[]) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const categories = useQuery(
    trpc.category.findAll.queryOptions({ page: 1, pageSize: 500, sort: 'path', order: 'asc' }),
  );
  const properties = useQuery(propertyListOptions(client));
  const groups = useQuery(trpc.customer.groupList.queryOptions(undefined, { select: selectItems }));
  // A saved promotion names its products by id; their names come one by one (a promotion lists few).
  const products = useQueries({
    queries: productIds.map((id) => trpc.product.byId.queryOptions({ id }, { staleTime: 60_000 })),
  });
  const productNames = new Map(
    products.flatMap((product) => (product.data ? [[product.data.id, product.data.title] as const] : [])),
  );
  return {
    categories: categories.data?.items.map((category) => ({ id: category.id, label: category.path })) ?? [],
    propertyValues:
      properties.data?.items.flatMap((property) =>
        property.values.map((value) => ({ id: value.id, label: `${property.title}: ${value.title}` })),
      ) ?? [],
    groups: groups.data?.map((group) => ({ id: group.id, label: group.name })) ?? [],
    productName: (id: number) => productNames.get(id),
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="4" as="section">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** A target chosen by name from a list the browser holds: categories, property values, customer groups. */
function ListTargetField({
  options,
  chosenIds,
  onPick,
  finder,
  ...field
}: Omit<ComponentProps<typeof TargetField>, 'children'> &
  Pick<ComponentProps<typeof OptionFinder>, 'options' | 'chosenIds' | 'onPick'> & {
    /** The finder's accessible name and placeholder. */
    finder: Pick<ComponentProps<typeof OptionFinder>, 'searchLabel' | 'placeholder'>;
  }) {
  return (
    <TargetField {...field}>
      <OptionFinder options={options} chosenIds={chosenIds} onPick={onPick} {...finder} />
    </TargetField>
  );
}

/**
 * Creates a promotion or edits one: who gets it (automatically or with a code), what it is worth, what
 * it applies to and when. The API judges every field; its Hungarian messages show under them.
 */
export function PromotionFormDialog({
  promotion,
  onClose,
}: {
  /** The promotion to edit; null for a new one. */
  promotion: TPromotion | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { values: draft, setValues: setDraft, set, bind } = useFormValues(() => draftOf(promotion));
  // Names of products picked in this dialog, before the product lookups above know them.
  const [pickedNames, setPickedNames] = useState<Record<number, string>>({});
  const options = useTargetOptions(
    draft.giftProductId === null ? draft.productIds : [...draft.productIds, draft.giftProductId],
  );
  const { errors, validate, failWith } = useZodForm(
    promotion ? ZPromotionUpdateInput : ZPromotionCreateInput,
  );

  const field = bind(errors);
  const addTarget = (key: TargetKey) => (id: number) =>
    setDraft((current) => ({ ...current, [key]: [...current[key], id] }));
  const removeTarget = (key: TargetKey) => (id: number) =>
    setDraft((current) => ({ ...current, [key]: current[key].filter((entry) => entry !== id) }));
  /** What ties a ListTargetField to its ids in the draft, named by the list's options. */
  const listTarget = (key: Exclude<TargetKey, 'productIds'>, list: TargetOption[]) => ({
    chosen: draft[key].map((id) => list.find((option) => option.id === id) ?? { id, label: `#${id}` }),
    onRemove: removeTarget(key),
    error: errors[key],
    options: list,
    chosenIds: draft[key],
    onPick: addTarget(key),
  });
  /** A product picked in this dialog: its name is kept for its tag, then `use` takes its id. */
  const pickProduct = (use: (id: number) => void) => (product: { id: number; title: string }) => {
    setPickedNames((names) => ({ ...names, [product.id]: product.title }));
    use(product.id);
  };
  const productLabel = (id: number) => pickedNames[id] ?? options.productName(id) ?? `#${id}`;

  const saved = (title: string) => {
    toaster.success({ title, description: draft.name.trim() });
    void queryClient.invalidateQueries(trpc.promotion.pathFilter());
    onClose();
  };
  const create = useMutation(
    trpc.promotion.create.mutationOptions({
      onSuccess: () => saved('Az akció létrejött.'),
      ...failWith('Az akció nem jött létre.'),
    }),
  );
  const update = useMutation(
    trpc.promotion.update.mutationOptions({
      onSuccess: () => saved('Az akció mentve.'),
      ...failWith('A mentés nem sikerült.'),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields = inputOf(draft);
    if (promotion) {
      const input = validate({ id: promotion.id, ...fields });
      if (input) update.mutate(input as Parameters<typeof update.mutate>[0]);
    } else {
      const code = draft.automatic ? null : draft.code.trim() || null;
      const input = validate({ ...fields, code });
      if (input) create.mutate(input as Parameters<typeof create.mutate>[0]);
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={promotion ? 'Akció szerkesztése' : 'Új akció'}
      onSubmit={onSubmit}
      submitLabel={promotion ? 'Mentés' : 'Akció létrehozása'}
      pending={create.isPending || update.isPending}
      size={{ base: 'full', sm: 'lg' }}
    >
      <Stack gap="8">
        <Section title="Az akció">
          <TextField
            label="Név"
            {...field('name')}
            helper="A vásárló ezt látja a kedvezmény soránál, például „Adventi 10 %”."
            required
            maxLength={120}
            autoFocus
          />
          <DescribedFieldRoot invalid={Boolean(errors.automatic)}>
            <Field.Label>Hogyan jár</Field.Label>
            <RadioGroup.Root
              value={draft.automatic ? 'automatic' : 'code'}
              onValueChange={(details) => set('automatic')(details.value === 'automatic')}
              colorPalette="brand"
            >
              <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '6' }}>
                <RadioGroup.Item value="automatic">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>Automatikus akció</RadioGroup.ItemText>
                </RadioGroup.Item>
                <RadioGroup.Item value="code">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>Kuponkód</RadioGroup.ItemText>
                </RadioGroup.Item>
              </Stack>
            </RadioGroup.Root>
            {!errors.automatic && (
              <Field.HelperText>
                {draft.automatic
                  ? 'Minden kosár megkapja, amely megfelel a feltételeknek.'
                  : 'A vásárló a kosárban vagy a pénztárban beírt kóddal kapja meg.'}
              </Field.HelperText>
            )}
            <Field.ErrorText>{errors.automatic}</Field.ErrorText>
          </DescribedFieldRoot>
          {!draft.automatic &&
            (promotion ? (
              <Text fontSize="sm" color="fg.muted">
                {promotion.codeCount === 0
                  ? 'Még nincs kódja: a listában a „Kódok” gombbal generálhatsz.'
                  : `${formatNumber(promotion.codeCount)} kódja van; újakat a listában a „Kódok” gombbal generálhatsz.`}
              </Text>
            ) : (
              <TextField
                label="Kuponkód"
                value={draft.code}
                onValueChange={(value) => set('code')(value.toUpperCase())}
                error={errors.code}
                helper="Betűk, számok, kötőjel; például ADVENT10. Üresen is mentheted, és utána generálhatsz kódokat."
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
              />
            ))}
        </Section>

        <Section title="Kedvezmény">
          <Grid templateColumns={{ base: '1fr', sm: hasValue(draft.kind) ? '3fr 2fr' : '1fr' }} gap="4">
            <SelectField
              label="Fajtája"
              value={draft.kind}
              options={PROMOTION_KIND_LABELS}
              onValueChange={set('kind')}
              error={errors.kind}
            />
            {hasValue(draft.kind) && (
              <TextField
                label={draft.kind === 'percent' ? 'Mértéke (%)' : 'Összege (Ft)'}
                {...field('value')}
                unit={draft.kind === 'percent' ? '%' : 'Ft'}
                inputMode="numeric"
                required
              />
            )}
          </Grid>
          {draft.kind === 'gift' && (
            <TargetField
              label="Ajándék termék"
              helper="Egy darab jár belőle ingyen, amíg a kosár megfelel a feltételeknek. Változatok nélküli termék lehet; ha elfogy, nem jár."
              chosen={
                draft.giftProductId === null
                  ? []
                  : [{ id: draft.giftProductId, label: productLabel(draft.giftProductId) }]
              }
              onRemove={() => set('giftProductId')(null)}
              error={errors.giftProductId}
            >
              {/* One gift: the finder gives way to the chosen product until it is removed. */}
              {draft.giftProductId === null && (
                <ProductPicker
                  listBeforeSearch={false}
                  searchLabel="Ajándék termék keresése"
                  onPick={pickProduct(set('giftProductId'))}
                />
              )}
            </TargetField>
          )}
          <TextField
            label="Minimális kosárérték"
            {...field('minCartValue')}
            unit="Ft"
            inputMode="numeric"
            helper="A kosár bruttó értéke a kedvezmény előtt legalább ennyi legyen; üresen: bármennyi."
          />
          <CheckboxField checked={draft.combines} onCheckedChange={set('combines')} error={errors.combines}>
            Összevonható
            <Text color="fg.muted" fontSize="sm">
              {draft.automatic
                ? 'Egy kuponkód is érvényes mellette.'
                : 'A futó automatikus akciók is érvényesek mellette.'}
            </Text>
          </CheckboxField>
        </Section>

        <Section title="Mire és kinek">
          <ListTargetField
            label="Kategóriák"
            helper="Csak az itt lévő (és alkategóriáikban lévő) termékekre; üresen: mindre."
            finder={{ searchLabel: 'Kategória keresése', placeholder: 'Kategória neve' }}
            {...listTarget('categoryIds', options.categories)}
          />
          <TargetField
            label="Termékek"
            helper={
              draft.kind === 'gift'
                ? 'Akkor jár, ha ezek közül van valami a kosárban; üresen: bármire.'
                : 'Csak ezekre a termékekre; üresen: mindre.'
            }
            chosen={draft.productIds.map((id) => ({ id, label: productLabel(id) }))}
            onRemove={removeTarget('productIds')}
            error={errors.productIds}
          >
            <ProductPicker
              listBeforeSearch={false}
              exclude={draft.productIds}
              onPick={pickProduct(addTarget('productIds'))}
            />
          </TargetField>
          <ListTargetField
            label="Tulajdonságok"
            helper="Csak az ilyen tulajdonságú termékekre, például egy márkára; üresen: mindre."
            finder={{ searchLabel: 'Tulajdonság keresése', placeholder: 'Például a márka neve' }}
            {...listTarget('propertyValueIds', options.propertyValues)}
          />
          <ListTargetField
            label="Vásárlói csoportok"
            helper="Csak e csoportok bejelentkezett tagjainak; üresen: mindenkinek."
            finder={{ searchLabel: 'Vásárlói csoport keresése', placeholder: 'Csoport neve' }}
            {...listTarget('customerGroupIds', options.groups)}
          />
          <CheckboxField
            checked={draft.firstOrderOnly}
            onCheckedChange={set('firstOrderOnly')}
            error={errors.firstOrderOnly}
          >
            Csak az első rendelésre
          </CheckboxField>
        </Section>

        <Section title="Időszak és korlátok">
          <WindowFields
            from={draft.startsAt}
            to={draft.endsAt}
            onFromChange={set('startsAt')}
            onToChange={set('endsAt')}
            fromError={errors.startsAt}
            toError={errors.endsAt}
            fromLabel="Kezdete"
            toLabel="Vége"
          />
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
            <TextField label="Felhasználás összesen" {...field('usageLimit')} {...LIMIT_FIELD} />
            <TextField label="Vásárlónként" {...field('perCustomerLimit')} {...LIMIT_FIELD} />
          </Grid>
          <SwitchField checked={draft.paused} onCheckedChange={set('paused')}>
            Szüneteltetve
          </SwitchField>
        </Section>
      </Stack>
    </FormDialog>
  );
}
