import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { type TVatClass, VAT_CLASSES, vatClassLabel } from '@shop/api/schemas/vat';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { ProductSection } from './product-section';

export type ProductStock = {
  price: string;
  vatClass: TVatClass;
  stock: string;
  unit: string;
  weight: string;
};

/** List price, VAT, stock, unit and weight, as typed. */
export function ProductStockSection({
  value,
  onChange,
  errors,
}: {
  value: ProductStock;
  onChange: (patch: Partial<ProductStock>) => void;
  errors: FieldErrors;
}) {
  return (
    <ProductSection title="Ár és készlet" description="Bruttó, egész forintban.">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <Field.Root invalid={Boolean(errors.price)} required>
          <Field.Label>
            Bruttó ár (Ft) <Field.RequiredIndicator />
          </Field.Label>
          <Input
            inputMode="numeric"
            value={value.price}
            onChange={(event) => onChange({ price: event.target.value })}
          />
          <Field.ErrorText>{errors.price}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.vatClass)}>
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
        </Field.Root>
        <Field.Root invalid={Boolean(errors.stock)}>
          <Field.Label>Készlet</Field.Label>
          <Input
            inputMode="numeric"
            value={value.stock}
            onChange={(event) => onChange({ stock: event.target.value })}
          />
          <Field.ErrorText>{errors.stock}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.unit)}>
          <Field.Label>Egység</Field.Label>
          <Input value={value.unit} onChange={(event) => onChange({ unit: event.target.value })} />
          <Field.ErrorText>{errors.unit}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.weightGrams)}>
          <Field.Label>Tömeg (g)</Field.Label>
          <Input
            inputMode="numeric"
            value={value.weight}
            onChange={(event) => onChange({ weight: event.target.value })}
          />
          <Field.ErrorText>{errors.weightGrams}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
    </ProductSection>
  );
}
