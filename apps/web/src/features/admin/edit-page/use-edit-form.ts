import type { TDescription } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { toaster } from '@shop/ui';
import {
  type MutationMeta,
  type QueryFilters,
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { type NavigateOptions, useNavigate } from '@tanstack/react-router';
import { createContext, type FormEvent, type ReactNode, useContext, useRef, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import type { AdminAccess } from '../access';
import { type DescriptionDraft, languageName } from '../description-language';
import { useAdminAccess } from '../use-access';

/**
 * A tRPC mutation procedure (`trpc.page.update`) as the scaffold calls it: the screen names the
 * procedure, the scaffold adds what happens around it.
 */
export type EditMutation<TInput, TOutput> = {
  mutationOptions: (options?: {
    onSuccess?: (data: TOutput) => void;
    onError?: (error: unknown) => void;
    meta?: MutationMeta;
    // biome-ignore lint/suspicious/noExplicitAny: each procedure has its own error type; the scaffold only passes it on
  }) => UseMutationOptions<TOutput, any, TInput, unknown>;
};

/** A toast's words: a fixed title, or title and description from the server's answer. */
type Notice<TAnswer> = string | ((answer: TAnswer) => { title: string; description?: string });

const notify = <TAnswer>(notice: Notice<TAnswer>, answer: TAnswer) =>
  toaster.success(typeof notice === 'string' ? { title: notice } : notice(answer));

export type EditFormConfig<TValues extends object, TSaved, TCreated extends { id: number }, TRemoved> = {
  /** Whether the record is stored (an update) or new (a create). */
  isNew: boolean;
  /** The stored record's id, sent with an update and a delete; none for a one-of-a-kind setting. */
  id?: number;
  /** What the form sends now (a description draft's text is added from `description`). */
  values: TValues;
  /** The chosen language's text of a described record, and the stored texts it started from. */
  description?: {
    draft: DescriptionDraft;
    stored: readonly Pick<TDescription, 'language' | 'title' | 'body'>[];
  };
  /** The permission a save and a delete need on the server; without it the form is read-only. */
  permission: AdminAccess;
  /** The API's own schema for what is sent: the create input for a new record, the update input otherwise. */
  schema: z.ZodType;
  /** The form's own rules beyond the schema, checked before it: field path → message. */
  check?: () => FieldErrors | undefined;
  /**
   * The record's screens: a create replaces the "new" screen with the record's own (`record`, with its
   * `$id`) in the history, a delete lands on the `list`.
   */
  paths?: { list: NavigateOptions['to']; record: NavigateOptions['to'] };
  /** What a save or a delete makes stale: the domain's `pathFilter()`. */
  invalidates?: QueryFilters;
  save: {
    mutation: EditMutation<never, TSaved>;
    saved: Notice<TSaved>;
    /** After the toast: a settings screen puts the answer in its query instead of asking again. */
    onSaved?: (saved: TSaved) => void;
  };
  create?: {
    mutation: EditMutation<never, TCreated>;
    created: Notice<TCreated>;
    failed: string;
  };
  remove?: {
    mutation: EditMutation<{ id: number }, TRemoved>;
    removed: string;
    title: string;
    question: ReactNode;
  };
};

/** The load of the record on screen, which a delete drops so nothing asks for it again (EditPage sets it). */
export const EditRecordQuery = createContext<QueryKey | null>(null);

/**
 * The wiring every admin edit form shares: its values checked with the API's schema, create, save
 * and delete with their toasts and what they make stale, the permission a save needs (without it the
 * form is read-only), and whether anything typed is unsaved (the leave-without-saving guard reads it).
 * The screen keeps its fields and layout; `EditForm` and `EditFormFooter` draw the rest.
 */
export function useEditForm<
  TValues extends object,
  TSaved,
  TCreated extends { id: number } = never,
  TRemoved = never,
>(config: EditFormConfig<TValues, TSaved, TCreated, TRemoved>) {
  const { isNew, id, description, permission, paths, invalidates, save, create, remove } = config;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const recordQuery = useContext(EditRecordQuery);
  const readOnly = !useAdminAccess().may(permission);
  const { errors, validate, failWith, setErrors, applyServerError } = useZodForm(config.schema);
  const [confirmingRemove, setConfirmingRemove] = useState(false);

  const sent = description ? { ...config.values, descriptions: description.draft.toInput() } : config.values;
  const input = id === undefined ? sent : { id, ...sent };
  const tracked = JSON.stringify([config.values, description && textEdited(description)]);
  // What counts as unsaved is measured from the state the admin first touched: until then the form
  // follows what it shows (a field that settles on its value after the first render is no change).
  const touched = useRef(false);
  const baseline = useRef(tracked);
  if (!touched.current) baseline.current = tracked;
  const latest = useRef(tracked);
  latest.current = tracked;
  const submitted = useRef(tracked);
  const leaving = useRef(false);

  const invalidate = () => (invalidates ? queryClient.invalidateQueries(invalidates) : Promise.resolve());
  const settle = () => {
    baseline.current = submitted.current;
  };

  const createMutation = create?.mutation ?? noMutation<never, TCreated>();
  const creating = useMutation(
    createMutation.mutationOptions({
      onSuccess: (created) => {
        if (!create) return;
        settle();
        notify(create.created, created);
        void invalidate();
        if (paths) {
          void navigate({ to: paths.record, params: { id: String(created.id) } as never, replace: true });
        }
      },
      ...failWith(create?.failed ?? ''),
    }),
  );
  const saving = useMutation(
    save.mutation.mutationOptions({
      onSuccess: (saved) => {
        settle();
        notify(save.saved, saved);
        save.onSaved?.(saved);
        void invalidate();
      },
      ...failWith('A mentés nem sikerült.'),
    }),
  );
  const removeMutation = remove?.mutation ?? noMutation<{ id: number }, TRemoved>();
  const removing = useMutation(
    removeMutation.mutationOptions({
      onSuccess: () => {
        if (!remove) return;
        leaving.current = true;
        toaster.success({ title: remove.removed });
        if (recordQuery) queryClient.removeQueries({ queryKey: recordQuery, exact: true });
        void invalidate();
        if (paths) void navigate({ to: paths.list });
      },
      meta: { errorTitle: 'A törlés nem sikerült.' },
      onError: () => setConfirmingRemove(false),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const own = config.check?.();
    if (own && Object.keys(own).length > 0) {
      setErrors(own);
      return;
    }
    const valid = validate(input);
    if (!valid) return;
    submitted.current = tracked;
    if (isNew) creating.mutate(valid as never);
    else saving.mutate(valid as never);
  };

  return {
    errors,
    setErrors,
    failWith,
    applyServerError,
    readOnly,
    permission,
    submit,
    /** Marks the form as handled by the admin (EditForm calls it on any input, change or click inside). */
    touch: () => {
      touched.current = true;
    },
    /** Whether leaving now would lose typed changes; read when a navigation is asked for. */
    isDirty: () => !readOnly && !leaving.current && touched.current && latest.current !== baseline.current,
    footer: {
      isNew,
      readOnly,
      saving: creating.isPending || saving.isPending,
      onDelete: remove && !isNew && !readOnly ? () => setConfirmingRemove(true) : undefined,
    },
    removal:
      remove && id !== undefined && !isNew
        ? {
            title: remove.title,
            question: remove.question,
            open: confirmingRemove,
            setOpen: setConfirmingRemove,
            pending: removing.isPending,
            confirm: () => removing.mutate({ id }),
          }
        : null,
  };
}

export type EditFormState = ReturnType<typeof useEditForm>;

/** Whether the chosen language's title or text differs from what is stored in that language. */
function textEdited({
  draft,
  stored,
}: NonNullable<EditFormConfig<object, unknown, never, unknown>['description']>) {
  const saved = stored.find((description) => description.language === draft.language);
  return draft.title !== (saved?.title ?? '') || draft.body !== (saved?.body ?? '');
}

/** Stands in for a create or delete the screen does not offer, so the hooks run in the same order. */
function noMutation<TInput, TOutput>(): EditMutation<TInput, TOutput> {
  return {
    mutationOptions: (options) => ({
      ...options,
      mutationFn: () => Promise.reject(new Error('Ez a művelet itt nem érhető el.')),
    }),
  };
}

/** The toast's second line after a described record is saved: which language's text changed. */
export function languageSaved(draft: DescriptionDraft, what = 'szöveg'): string {
  return `${withArticle(languageName(draft.language), { capital: true })} ${what} frissült.`;
}
