import { TRPCClientError } from '@trpc/client';
import { useCallback, useState } from 'react';
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
 * Validates form values with the API's own zod schema (its messages are Hungarian), keyed by the
 * issue path joined with dots ("description.title"); server-side issues land in the same map.
 */
export function useZodForm<TSchema extends z.ZodType>(schema: TSchema) {
  const [errors, setErrors] = useState<FieldErrors>({});

  const validate = useCallback(
    (input: unknown): z.output<TSchema> | null => {
      const result = schema.safeParse(input);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      const next: FieldErrors = {};
      for (const issue of result.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      return null;
    },
    [schema],
  );

  /** Shows the server's field messages; returns false when the error named no field. */
  const applyServerError = useCallback((error: unknown): boolean => {
    const next = serverIssues(error);
    setErrors(next);
    return Object.keys(next).length > 0;
  }, []);

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

  return { errors, validate, applyServerError, setErrors, failWith };
}
