import { Field, Grid, Input } from '@chakra-ui/react';
import { DescribedFieldRoot } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { RichTextField } from '../admin/rich-text/rich-text-field';
import { ProductSection } from './product-section';

export type ProductText = { body: string; metaTitle: string; metaDescription: string };

/** The Hungarian description and what search engines are shown. */
export function ProductDescriptionSection({
  value,
  titlePlaceholder,
  onChange,
  errors,
}: {
  value: ProductText;
  titlePlaceholder: string;
  onChange: (patch: Partial<ProductText>) => void;
  errors: FieldErrors;
}) {
  return (
    <ProductSection title="Leírás és keresőoptimalizálás">
      <RichTextField
        label="Leírás"
        value={value.body}
        onChange={(body) => onChange({ body })}
        errorText={errors['descriptions.0.body']}
      />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <DescribedFieldRoot invalid={Boolean(errors['descriptions.0.metaTitle'])}>
          <Field.Label>Oldalcím (title)</Field.Label>
          <Input
            value={value.metaTitle}
            onChange={(event) => onChange({ metaTitle: event.target.value })}
            placeholder={titlePlaceholder}
          />
          <Field.ErrorText>{errors['descriptions.0.metaTitle']}</Field.ErrorText>
        </DescribedFieldRoot>
        <DescribedFieldRoot invalid={Boolean(errors['descriptions.0.metaDescription'])}>
          <Field.Label>Meta leírás</Field.Label>
          <Input
            value={value.metaDescription}
            onChange={(event) => onChange({ metaDescription: event.target.value })}
          />
          <Field.ErrorText>{errors['descriptions.0.metaDescription']}</Field.ErrorText>
        </DescribedFieldRoot>
      </Grid>
    </ProductSection>
  );
}
