import { useState } from 'react';
import type { FieldBinding } from './use-field-values';
import type { FieldErrors } from './use-zod-form';

/** The keys of a form's values that hold text: the ones a text field can be tied to. */
type TextKey<TValues> = {
  [K in keyof TValues]: TValues[K] extends string ? K : never;
}[keyof TValues] &
  string;

/**
 * A form's values of any kind (texts, switches, chosen ids) in one state. `set(key)` is the change
 * handler of one value; `bind(errors)` ties a text field to its value and message in one spread
 * (`<TextField label="Név" {...field('name')} />`), as useFieldValues does for a form of texts only.
 */
export function useFormValues<TValues extends Record<string, unknown>>(initial: TValues | (() => TValues)) {
  const [values, setValues] = useState(initial);
  const set =
    <K extends keyof TValues>(key: K) =>
    (value: TValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const bind =
    (errors: FieldErrors) =>
    (key: TextKey<TValues>): FieldBinding => ({
      value: values[key] as string,
      // A text key's value is a string (TextKey), which TypeScript cannot see through the index.
      onValueChange: set(key) as (value: string) => void,
      error: errors[key],
    });
  return { values, setValues, set, bind };
}
