import { type RefObject, useEffect } from 'react';

/**
 * Scrolls to the first field the last attempt found wrong and puts the cursor in it. On a phone the
 * field in error is often far above the save button; without this a refused save would seem to do
 * nothing. `attempts` counts the refused (or all) submits; each new count looks again.
 */
export function useFocusFirstProblem(form: RefObject<HTMLElement | null>, attempts: number) {
  useEffect(() => {
    if (attempts === 0 || !form.current) return;
    const first = form.current.querySelector<HTMLElement>('[data-invalid], [aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    // A block with no field of its own (the pickup point's) gets its button: the way to put it right.
    const field = first.matches('input, textarea, select')
      ? first
      : (first.querySelector<HTMLElement>('input, textarea, select') ??
        first.querySelector<HTMLElement>('button'));
    field?.focus({ preventScroll: true });
  }, [form, attempts]);
}
