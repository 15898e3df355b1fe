import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { NET_QUANTITY_INPUT_UNITS, type TNetQuantityInputUnit } from '@shop/api/schemas/unit-price';
import { type TVatClass, VAT_CLASSES, vatClassLabel } from '@shop/api/schemas/vat';
import { DescribedFieldRoot } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { ProductSection } from './product-section';

export type ProductStock = {
  price: string;
  vatClass: TVatClass;
  stock: string;
  unit: string;
  weight: string;
  /** The net quantity of one piece as typed, in `netUnit` (250 with g); empty: sold by the piece. */
  netQuantity: string;
  netUnit: TNetQuantityInputUnit;
};

const NET_UNIT_LABELS: Record<TNetQuantityInputUnit, string> = {
  g: 'g',
  kg: 'kg',
  ml: 'ml',
  l: 'l',
  cm: 'cm',
  m: 'm',
  m2: 'm²',
};

/** List price, VAT, stock, unit and weight, as typed. */
export function ProductStockSection({
  value,
  onChange,
  errors,
  variantStock = null,
}: {
  /** Sold in variants: the stock is theirs together (as last stored), edited in the Változatok section. */
  variantStock?: number | null;
  value: ProductStock;
  onChange: (patch: Partial<ProductStock>) => void;
  errors: FieldErrors;
}) {
  return (
    <ProductSection title="Ár és készlet" description="Bruttó, egész forintban.">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <DescribedFieldRoot invalid={Boolean(errors.price)} required>
          <Field.Label>
            Bruttó ár (Ft) <Field.RequiredIndicator />
          </Field.Label>
          <Input
            inputMode="numeric"
            value={value.price}
            onChange={(event) => onChange({ price: event.target.value })}
          />
          <Field.ErrorText>{errors.price}</Field.ErrorText>
        </DescribedFieldRoot>
        <DescribedFieldRoot invalid={Boolean(errors.vatClass)}>
          <Field.Label>ÁFA</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={value.vatClass}
              onChange={(event) => onChange({ vatClass: event.target.value as TVatClass })}
            >
              {VAT_CLASSES.map((vatClass) => (
                <option key={vatClass} value={vatClass}>
                  {vatClassLabel(vatClass)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.vatClass}</Field.ErrorText>
        </DescribedFieldRoot>
        <DescribedFieldRoot invalid={Boolean(errors.stock)}>
          <Field.Label>Készlet</Field.Label>
          <Input
            inputMode="numeric"
            value={variantStock === null ? value.stock : String(variantStock)}
            readOnly={variantStock !== null}
            onChange={(event) => onChange({ stock: event.target.value })}
          />
          {!errors.stock && variantStock !== null && (
            <Field.HelperText>A változatok készlete együtt.</Field.HelperText>
          )}
          <Field.ErrorText>{errors.stock}</Field.ErrorText>
        </DescribedFieldRoot>
        <DescribedFieldRoot invalid={Boolean(errors.unit)}>
          <Field.Label>Egység</Field.Label>
          <Input value={value.unit} onChange={(event) => onChange({ unit: event.target.value })} />
          <Field.ErrorText>{errors.unit}</Field.ErrorText>
        </DescribedFieldRoot>
        <DescribedFieldRoot invalid={Boolean(errors.weightGrams)}>
          <Field.Label>Tömeg (g)</Field.Label>
          <Input
            inputMode="numeric"
            value={value.weight}
            onChange={(event) => onChange({ weight: event.target.value })}
          />
          <Field.ErrorText>{errors.weightGrams}</Field.ErrorText>
        </DescribedFieldRoot>
        <DescribedFieldRoot invalid={Boolean(errors.netQuantity)}>
          <Field.Label>Nettó mennyiség</Field.Label>
          <Input
            inputMode="decimal"
            value={value.netQuantity}
            onChange={(event) => onChange({ netQuantity: event.target.value })}
          />
          {!errors.netQuantity && (
            <Field.HelperText>
              Az egységárhoz (Ft/kg, Ft/l, Ft/m, Ft/m²); üresen darabra kelő.
            </Field.HelperText>
          )}
          <Field.ErrorText>{errors.netQuantity}</Field.ErrorText>
        </DescribedFieldRoot>
        <DescribedFieldRoot invalid={Boolean(errors.netQuantityUnit)}>
          <Field.Label>Mértékegysége</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={value.netUnit}
              onChange={(event) => onChange({ netUnit: event.target.value as TNetQuantityInputUnit })}
            >
              {(Object.keys(NET_QUANTITY_INPUT_UNITS) as TNetQuantityInputUnit[]).map((unit) => (
                <option key={unit} value={unit}>
                  {NET_UNIT_LABELS[unit]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.netQuantityUnit}</Field.ErrorText>
        </DescribedFieldRoot>
      </SimpleGrid>
    </ProductSection>
  );
}
