import { Field, NativeSelect } from '@chakra-ui/react';
import type { TCategory } from '@shop/api/schemas';
import { DescribedFieldRoot } from '../../components/form/fields';
import { parentOptions } from './category-options';

export function ParentSelect({
  items,
  movingId,
  value,
  onChange,
  error,
  label = 'Szülőkategória',
}: {
  items: TCategory[];
  movingId?: number;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label?: string;
}) {
  return (
    <DescribedFieldRoot invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="">– Nincs (főkategória) –</option>
          {parentOptions(items, movingId).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </DescribedFieldRoot>
  );
}
