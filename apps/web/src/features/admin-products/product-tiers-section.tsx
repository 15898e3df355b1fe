import { Button, Field, Flex, IconButton, Input, Stack } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { ProductSection } from './product-section';

export type TierRow = { minQuantity: string; grossPrice: string };

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
  const updateRow = (index: number, patch: Partial<TierRow>) =>
    onChange(tiers.map((row, position) => (position === index ? { ...row, ...patch } : row)));

  return (
    <ProductSection
      title="Mennyiségi árak"
      description="Adott darabszámtól érvényes bruttó darabár; a listaár 1 darabtól érvényes."
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
                  onChange={(event) => updateRow(index, { minQuantity: event.target.value })}
                />
                <Field.ErrorText>{errors[`tiers.${index}.minQuantity`]}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(errors[`tiers.${index}.grossPrice`])}>
                <Input
                  aria-label={`${index + 1}. sáv: bruttó darabár`}
                  inputMode="numeric"
                  placeholder="Ft / db"
                  value={tier.grossPrice}
                  onChange={(event) => updateRow(index, { grossPrice: event.target.value })}
                />
                <Field.ErrorText>{errors[`tiers.${index}.grossPrice`]}</Field.ErrorText>
              </Field.Root>
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
        onClick={() => onChange([...tiers, { minQuantity: '', grossPrice: '' }])}
      >
        <LuPlus /> Új sáv
      </Button>
    </ProductSection>
  );
}
