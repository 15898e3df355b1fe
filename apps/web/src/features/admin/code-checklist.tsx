import { Fieldset, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CheckboxField } from '../../components/form/fields';

/**
 * A box for each code of a fixed list (an API key's scopes, a webhook's events): its Hungarian name, the
 * code itself as an integrator sees it in the API, and what it means. What is ticked keeps the list's
 * order, so the saved record lists its codes the same way whatever order they were ticked in.
 */
export function CodeChecklist<TCode extends string>({
  legend,
  helper,
  codes,
  labels,
  descriptions,
  value,
  onChange,
  error,
}: {
  legend: string;
  helper: ReactNode;
  codes: readonly TCode[];
  labels: Record<TCode, string>;
  descriptions: Record<TCode, string>;
  value: readonly TCode[];
  onChange: (value: TCode[]) => void;
  error?: string;
}) {
  const toggle = (code: TCode, checked: boolean) =>
    onChange(codes.filter((item) => (item === code ? checked : value.includes(item))));

  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontWeight="medium" fontSize="sm">
        {legend}
      </Fieldset.Legend>
      <Fieldset.HelperText>{helper}</Fieldset.HelperText>
      <Stack gap="3" mt="2">
        {codes.map((code) => (
          <CheckboxField
            key={code}
            checked={value.includes(code)}
            onCheckedChange={(checked) => toggle(code, checked)}
          >
            <Text as="span" fontWeight="medium">
              {labels[code]}
            </Text>{' '}
            <Text as="span" color="fg.muted" fontSize="xs" fontFamily="mono">
              {code}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              {descriptions[code]}
            </Text>
          </CheckboxField>
        ))}
      </Stack>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
