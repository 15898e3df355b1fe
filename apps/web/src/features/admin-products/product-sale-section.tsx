import { Field, Input, Stack } from '@chakra-ui/react';
import type { TProduct } from '@shop/api/schemas';
import { fromBudapestInput, toBudapestInput } from '@shop/ui';
import { parseNumberInput } from '../../components/form/number-input';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { WindowFields } from '../admin-banners/banner-window';
import { ProductSection } from './product-section';

/** A scheduled sale as typed: the price, and its start and end as Budapest wall-clock times. */
export type ProductSale = { price: string; startsAt: string; endsAt: string };

export function productSaleFields(product: TProduct | null): ProductSale {
  const admin = product?.admin ?? null;
  return {
    price: admin?.salePrice == null ? '' : String(admin.salePrice),
    startsAt: toBudapestInput(admin?.saleStartsAt),
    endsAt: toBudapestInput(admin?.saleEndsAt),
  };
}

/** The sale as the update sends it; an empty price ends and clears the sale. */
export function productSaleInput(sale: ProductSale) {
  return {
    salePrice: parseNumberInput(sale.price) ?? null,
    saleStartsAt: fromBudapestInput(sale.startsAt) ?? null,
    saleEndsAt: fromBudapestInput(sale.endsAt) ?? null,
  };
}

/** "Akciós ár" with its start and end: the shop sells at it in that window, on its own, on time. */
export function ProductSaleSection({
  value,
  onChange,
  errors,
}: {
  value: ProductSale;
  onChange: (patch: Partial<ProductSale>) => void;
  errors: FieldErrors;
}) {
  return (
    <ProductSection
      title="Akció"
      description="A megadott időszakban ez az ár él; a bolt a 30 napos legalacsonyabb ár mellett mutatja."
    >
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.salePrice)} maxW={{ md: '48' }}>
          <Field.Label>Akciós ár (Ft)</Field.Label>
          <Input
            inputMode="numeric"
            value={value.price}
            onChange={(event) => onChange({ price: event.target.value })}
          />
          <Field.HelperText>Bruttó, a listaárnál kisebb; üresen: nincs akció.</Field.HelperText>
          <Field.ErrorText>{errors.salePrice}</Field.ErrorText>
        </Field.Root>
        <WindowFields
          from={value.startsAt}
          to={value.endsAt}
          onFromChange={(startsAt) => onChange({ startsAt })}
          onToChange={(endsAt) => onChange({ endsAt })}
          fromError={errors.saleStartsAt}
          toError={errors.saleEndsAt}
          fromLabel="Akció kezdete"
          toLabel="Akció vége"
        />
      </Stack>
    </ProductSection>
  );
}
