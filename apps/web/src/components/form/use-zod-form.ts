import { TRPCClientError } from '@trpc/client';
import { type SetStateAction, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { toastError } from '../../lib/error-toast';

export type FieldErrors = Record<string, string>;

/** The server's messages by field path (the `issues` of a 400 or 409), empty when it named no field. */
export function serverIssues(error: unknown): FieldErrors {
  if (!(error instanceof TRPCClientError)) return {};
  const issues: unknown = (error.data as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return {};
  const errors: FieldErrors = {};
  for (const issue of issues) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && typeof message === 'string') errors[path] ??= message;
  }
  return errors;
}

/**
 * What a form would send now and the problems its own rules find beyond the schema (a chosen pickup
 * point, a repeated password), both as they stand at this render.
 */
export type LiveForm = { input: unknown; extra?: FieldErrors };

/**
 * A message on show. One the form's check found stays while the check still finds one at its path
 * (with the check's message of now); one from the server (or set by hand), which this browser cannot
 * check again, stays while the field keeps the value it was refused with.
 */
type Shown = { message: string; source: 'check' } | { message: string; source: 'server'; value: string };

/** The zod issues of a parse, keyed by their joined path, with the form's own problems over them. */
function checkErrors(result: z.ZodSafeParseResult<unknown>, extra: FieldErrors = {}): FieldErrors {
  const errors: FieldErrors = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ...errors, ...extra };
}

/** The value at a dotted path ("billingAddress.taxNumber") of the input, as text to compare. */
function valueAt(input: unknown, path: string): string {
  let value = input;
  for (const key of path.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return JSON.stringify(value) ?? '';
}

function messagesOf(shown: Record<string, Shown>): FieldErrors {
  return Object.fromEntries(Object.entries(shown).map(([path, { message }]) => [path, message]));
}

/**
 * Validates form values with the API's own zod schema (its messages are Hungarian), keyed by the
 * issue path joined with dots ("description.title"); server-side issues land in the same map.
 *
 * A form that passes `live` (what it would send now, and its own rules' problems) has its messages
 * follow the shopper: after a refused submit, each message goes, `aria-invalid` with it, the moment
 * its field becomes right, and changes as the value does while it stays wrong; `validate()` then
 * checks that same input. Without `live` (the admin's forms) a message stays until the next submit.
 */
export function useZodForm<TSchema extends z.ZodType>(schema: TSchema, live?: LiveForm) {
  const [shown, setShown] = useState<Record<string, Shown>>({});
  // The server answers after a render; its messages are tied to the values of the latest one.
  const latest = useRef(live);
  latest.current = live;

  const validate = useCallback(
    (
      input: unknown = latest.current?.input,
      extra: FieldErrors | undefined = latest.current?.extra,
    ): z.output<TSchema> | null => {
      const result = schema.safeParse(input);
      const errors = checkErrors(result, extra);
      setShown(
        Object.fromEntries(
          Object.entries(errors).map(([path, message]) => [path, { message, source: 'check' as const }]),
        ),
      );
      return result.success && Object.keys(errors).length === 0 ? result.data : null;
    },
    [schema],
  );

  /** Messages this browser cannot check itself (the server's, a refused sign-in's), shown as `setErrors` of useState. */
  const setErrors = useCallback((next: SetStateAction<FieldErrors>) => {
    setShown((current) => {
      const errors = typeof next === 'function' ? next(messagesOf(current)) : next;
      const input = latest.current?.input;
      return Object.fromEntries(
        Object.entries(errors).map(([path, message]) => [
          path,
          current[path]?.message === message
            ? current[path]
            : { message, source: 'server' as const, value: valueAt(input, path) },
        ]),
      );
    });
  }, []);

  /** Shows the server's field messages; returns false when the error named no field. */
  const applyServerError = useCallback(
    (error: unknown): boolean => {
      const next = serverIssues(error);
      setErrors(next);
      return Object.keys(next).length > 0;
    },
    [setErrors],
  );

  /**
   * Error handling for the form's mutations, to spread into their options: field issues go under their
   * fields, anything else to a toast titled `title` (instead of the app-wide toast, which it turns off).
   */
  const failWith = useCallback(
    (title: string) => ({
      meta: { toastError: false } as const,
      onError: (error: unknown) => {
        if (!applyServerError(error)) toastError(title, error);
      },
    }),
    [applyServerError],
  );

  return { errors: errorsNow(schema, shown, live), validate, applyServerError, setErrors, failWith };
}

/** The messages to show at this render (see `Shown`); without `live`, the stored ones. */
function errorsNow(schema: z.ZodType, shown: Record<string, Shown>, live: LiveForm | undefined): FieldErrors {
  const entries = Object.entries(shown);
  if (!live || entries.length === 0) return messagesOf(shown);
  const checked = entries.some(([, { source }]) => source === 'check')
    ? checkErrors(schema.safeParse(live.input), live.extra)
    : {};
  const errors: FieldErrors = {};
  for (const [path, entry] of entries) {
    const message = entry.source === 'check' ? checked[path] : entry.message;
    const stands = entry.source === 'check' || valueAt(live.input, path) === entry.value;
    if (message !== undefined && stands) errors[path] = message;
  }
  return errors;
}
