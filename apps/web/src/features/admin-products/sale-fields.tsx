import { Field, Input, Stack } from '@chakra-ui/react';
import { DescribedFieldRoot } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { WindowFields } from '../admin-banners/banner-window';
import type { SaleDraft } from './sale-draft';

/**
 * "Akciós ár" with its start and end in Budapest time: the product's sale panel and a variant's "Árak"
 * dialog. `errorPath` is where the save's messages are (`` for the product, `variants.3.` for a
 * variant), so a refused sale price or end shows under its own field.
 */
export function SaleFields({
  value,
  onChange,
  errors,
  errorPath = '',
  priceHelper = 'Bruttó, a listaárnál kisebb; üresen: nincs akció.',
}: {
  value: SaleDraft;
  onChange: (patch: Partial<SaleDraft>) => void;
  errors: FieldErrors;
  errorPath?: string;
  priceHelper?: string;
}) {
  const priceError = errors[`${errorPath}salePrice`];
  return (
    <Stack gap="4">
      <DescribedFieldRoot invalid={Boolean(priceError)} maxW={{ md: '48' }}>
        <Field.Label>Akciós ár (Ft)</Field.Label>
        <Input
          inputMode="numeric"
          value={value.price}
          onChange={(event) => onChange({ price: event.target.value })}
        />
        {!priceError && <Field.HelperText>{priceHelper}</Field.HelperText>}
        <Field.ErrorText>{priceError}</Field.ErrorText>
      </DescribedFieldRoot>
      <WindowFields
        from={value.startsAt}
        to={value.endsAt}
        onFromChange={(startsAt) => onChange({ startsAt })}
        onToChange={(endsAt) => onChange({ endsAt })}
        fromError={errors[`${errorPath}saleStartsAt`]}
        toError={errors[`${errorPath}saleEndsAt`]}
        fromLabel="Akció kezdete"
        toLabel="Akció vége"
      />
    </Stack>
  );
}
