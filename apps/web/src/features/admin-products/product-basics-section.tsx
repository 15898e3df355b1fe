import { Field, Flex, Grid, Input } from '@chakra-ui/react';
import type { TProduct } from '@shop/api/schemas';
import { DescribedFieldRoot, SwitchField } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { ProductSection } from './product-section';

export type ProductBasics = {
  title: string;
  slug: string;
  kutiId: string;
  ean: string;
  enabled: boolean;
  featured: boolean;
  feedExcluded: boolean;
};

/** Name, URL name, article number, barcode, the two visibility switches and the feeds' switch. */
export function ProductBasicsSection({
  product,
  value,
  onChange,
  errors,
}: {
  product: TProduct | null;
  value: ProductBasics;
  onChange: (patch: Partial<ProductBasics>) => void;
  errors: FieldErrors;
}) {
  return (
    <ProductSection title="Alapadatok">
      <DescribedFieldRoot invalid={Boolean(errors['descriptions.0.title'])} required>
        <Field.Label>
          Megnevezés (magyar) <Field.RequiredIndicator />
        </Field.Label>
        <Input value={value.title} onChange={(event) => onChange({ title: event.target.value })} />
        <Field.ErrorText>{errors['descriptions.0.title']}</Field.ErrorText>
      </DescribedFieldRoot>
      <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
        <DescribedFieldRoot invalid={Boolean(errors.slug)}>
          <Field.Label>URL-név</Field.Label>
          <Input
            value={value.slug}
            onChange={(event) => onChange({ slug: event.target.value })}
            placeholder="a megnevezésből készül"
          />
          {!errors.slug && (
            <Field.HelperText>
              {product ? `A termék címe: /${product.slug}` : 'A végére a termék azonosítója kerül.'}
            </Field.HelperText>
          )}
          <Field.ErrorText>{errors.slug}</Field.ErrorText>
        </DescribedFieldRoot>
        <DescribedFieldRoot invalid={Boolean(errors.kutiId)}>
          <Field.Label>Cikkszám (külső kód)</Field.Label>
          <Input value={value.kutiId} onChange={(event) => onChange({ kutiId: event.target.value })} />
          <Field.ErrorText>{errors.kutiId}</Field.ErrorText>
        </DescribedFieldRoot>
      </Grid>
      <DescribedFieldRoot invalid={Boolean(errors.ean)}>
        <Field.Label>EAN / GTIN</Field.Label>
        <Input
          value={value.ean}
          onChange={(event) => onChange({ ean: event.target.value })}
          inputMode="numeric"
          autoComplete="off"
          maxW="xs"
        />
        {!errors.ean && (
          <Field.HelperText>
            A vonalkód alatti 8, 12, 13 vagy 14 számjegy; a termékfeedek ezzel azonosítják.
          </Field.HelperText>
        )}
        <Field.ErrorText>{errors.ean}</Field.ErrorText>
      </DescribedFieldRoot>
      <Flex gap="6" wrap="wrap">
        <SwitchField checked={value.enabled} onCheckedChange={(enabled) => onChange({ enabled })}>
          Engedélyezve (látszik a boltban)
        </SwitchField>
        <SwitchField checked={value.featured} onCheckedChange={(featured) => onChange({ featured })}>
          Kiemelt
        </SwitchField>
        <SwitchField
          checked={value.feedExcluded}
          onCheckedChange={(feedExcluded) => onChange({ feedExcluded })}
        >
          Kihagyás a termékfeedekből
        </SwitchField>
      </Flex>
    </ProductSection>
  );
}
