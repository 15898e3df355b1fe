import { Button, Field, Flex, IconButton, Input, InputGroup, Stack } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { DescribedFieldRoot } from '../../components/form/fields';
import { parseNumberInput } from '../../components/form/number-input';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { ProductSection } from './product-section';

export type TierRow = { minQuantity: string; price: string };

/**
 * The filled rows as the API takes them. The schema judges the numbers with its Hungarian messages: a
 * half-filled row's empty field is NaN, which it refuses as not a number.
 */
export function tiersInput(tiers: readonly TierRow[]): { minQuantity: number; price: number }[] {
  return tiers
    .filter((tier) => tier.minQuantity.trim() || tier.price.trim())
    .map((tier) => ({
      minQuantity: parseNumberInput(tier.minQuantity) ?? Number.NaN,
      price: parseNumberInput(tier.price) ?? Number.NaN,
    }));
}

/**
 * The rows of a tier table with "Új sáv": a product's, or a variant's in its price dialog. `errorPath`
 * is where the input's messages are (`tiers`, `variants.3.tiers`).
 */
export function TierRowsEditor({
  tiers,
  onChange,
  errors,
  errorPath = 'tiers',
}: {
  tiers: TierRow[];
  onChange: (tiers: TierRow[]) => void;
  errors: FieldErrors;
  errorPath?: string;
}) {
  const updateRow = (index: number, patch: Partial<TierRow>) =>
    onChange(tiers.map((row, position) => (position === index ? { ...row, ...patch } : row)));
  return (
    <>
      {tiers.length > 0 && (
        <Stack gap="2">
          {tiers.map((tier, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity before saving
            <Flex key={index} gap="2" align="flex-start">
              <DescribedFieldRoot invalid={Boolean(errors[`${errorPath}.${index}.minQuantity`])}>
                {/* The units stay beside a filled field, where a placeholder would be gone. */}
                <InputGroup endElement="db-tól">
                  <Input
                    aria-label={`${index + 1}. sáv: darabszámtól`}
                    inputMode="numeric"
                    value={tier.minQuantity}
                    onChange={(event) => updateRow(index, { minQuantity: event.target.value })}
                  />
                </InputGroup>
                <Field.ErrorText>{errors[`${errorPath}.${index}.minQuantity`]}</Field.ErrorText>
              </DescribedFieldRoot>
              <DescribedFieldRoot invalid={Boolean(errors[`${errorPath}.${index}.price`])}>
                <InputGroup endElement="Ft / db">
                  <Input
                    aria-label={`${index + 1}. sáv: bruttó darabár`}
                    inputMode="numeric"
                    value={tier.price}
                    onChange={(event) => updateRow(index, { price: event.target.value })}
                  />
                </InputGroup>
                <Field.ErrorText>{errors[`${errorPath}.${index}.price`]}</Field.ErrorText>
              </DescribedFieldRoot>
              <IconButton
                variant="ghost"
                colorPalette="red"
                aria-label={`${index + 1}. sáv törlése`}
                onClick={() => onChange(tiers.filter((_, position) => position !== index))}
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
        onClick={() => onChange([...tiers, { minQuantity: '', price: '' }])}
      >
        <LuPlus /> Új sáv
      </Button>
    </>
  );
}

/** Quantity prices: from a number of pieces on, a lower unit price. */
export function ProductTiersSection({
  tiers,
  onChange,
  errors,
}: {
  tiers: TierRow[];
  onChange: (tiers: TierRow[]) => void;
  errors: FieldErrors;
}) {
  return (
    <ProductSection
      title="Mennyiségi árak"
      description="Adott darabszámtól érvényes bruttó darabár; a listaár 1 darabtól érvényes."
    >
      <TierRowsEditor tiers={tiers} onChange={onChange} errors={errors} />
    </ProductSection>
  );
}
