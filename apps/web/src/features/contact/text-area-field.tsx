import { Field, Textarea } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';
import { useDescribedByTextUnder } from '../../components/form/fields';

/** A labelled multi-line text box with its Hungarian error under it, like the form kit's TextField. */
export function TextAreaField({
  label,
  value,
  onValueChange,
  error,
  helper,
  required,
  ...textarea
}: Omit<ComponentProps<typeof Textarea>, 'value' | 'onChange'> & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
}) {
  const ids = useDescribedByTextUnder();
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={ids}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Textarea
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        autoresize
        {...textarea}
      />
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
