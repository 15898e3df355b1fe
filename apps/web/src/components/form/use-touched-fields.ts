import { type SyntheticEvent, useCallback, useRef } from 'react';

/** Whether the field `name`, or one under it ("shipping" covers "shipping.city"), is among `touched`. */
export function touchedIn(touched: Iterable<string>, name: string): boolean {
  for (const field of touched) if (field === name || field.startsWith(`${name}.`)) return true;
  return false;
}

/**
 * The fields the shopper has touched, focused or changed, known by their `name` attribute. Spread
 * `track` on the form: focus and change events bubble to it. A prefill that arrives after the form
 * (the account's details) fills only the untouched fields, so it never lands in a field the shopper
 * is typing into, or has typed into, and never mixes with their text.
 */
export function useTouchedFields() {
  const touched = useRef(new Set<string>());
  const mark = useCallback((event: SyntheticEvent) => {
    const { target } = event;
    const field =
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement;
    if (field && target.name) touched.current.add(target.name);
  }, []);
  const isTouched = useCallback((name: string) => touchedIn(touched.current, name), []);
  return { isTouched, track: { onFocus: mark, onChange: mark } };
}
