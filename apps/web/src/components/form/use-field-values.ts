import { useState } from 'react';
import type { FieldErrors } from './use-zod-form';

/** What ties a text field to one value of its form and that value's message. */
export type FieldBinding = { value: string; onValueChange: (value: string) => void; error?: string };

/**
 * A form's text values in one state, so a field is tied to its value and message in one spread
 * (`<TextField label="Település" {...field('city')} />`) instead of three props naming it again.
 * `bind(errors)` makes that `field`, once the form's messages are known (they are checked on `values`).
 */
export function useFieldValues<TValues extends Record<string, string>>(initial: TValues) {
  const [values, setValues] = useState(initial);
  const bind =
    (errors: FieldErrors) =>
    (key: keyof TValues & string): FieldBinding => ({
      value: values[key] ?? '',
      onValueChange: (value) => setValues((current) => ({ ...current, [key]: value })),
      error: errors[key],
    });
  /** Empties the form again (after a change that must not be sent twice, such as a password). */
  const reset = () => setValues(initial);
  return { values, bind, reset };
}
