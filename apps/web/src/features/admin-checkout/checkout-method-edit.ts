import { withArticle } from '@shop/api/schemas/hungarian';
import { formatNumber } from '@shop/ui';
import type { NavigateOptions } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod';
import { parseNumberInput } from '../../components/form/number-input';
import type { FieldErrors } from '../../components/form/use-zod-form';
import { useTRPC } from '../../lib/trpc';
import { type EditMutation, useEditForm } from '../admin/edit-page/use-edit-form';

export type UsedMethod = { name: string; orderCount?: number };

/** The edit screen's line under a shipping or payment method's name: how many orders chose it. */
export function methodUsage(method: UsedMethod): string {
  return method.orderCount
    ? `${formatNumber(method.orderCount)} rendelés választotta eddig.`
    : 'Még egy rendelés sem választotta.';
}

/**
 * The delete question of a shipping or payment method (`kind`: „szállítási”, „fizetési”): a method
 * orders used stays on them by name and fee, so the question offers switching it off instead.
 */
function methodRemovalQuestion(method: UsedMethod, kind: string): string {
  return method.orderCount
    ? `${withArticle(`„${method.name}”`, { capital: true })} módot ${formatNumber(method.orderCount)} rendelés használta. A rendelések megtartják a mód nevét és díját, de a mód többé nem választható. Ha csak szüneteltetnéd, kapcsold ki inkább. Biztosan törlöd?`
    : `Biztosan törlöd ${withArticle(`„${method.name}”`)} ${kind} módot? Még egy rendelés sem használta.`;
}

export const METHOD_KINDS = {
  shipping: {
    adjective: 'szállítási',
    list: '/admin/checkout/shipping',
    record: '/admin/checkout/shipping/$id',
  },
  payment: { adjective: 'fizetési', list: '/admin/checkout/payment', record: '/admin/checkout/payment/$id' },
} as const satisfies Record<
  string,
  { adjective: string; list: NavigateOptions['to']; record: NavigateOptions['to'] }
>;

export type MethodKind = keyof typeof METHOD_KINDS;

/** „szállítási” → „Szállítási”, for a title that starts with the kind's word. */
export function capitalized(word: string): string {
  return `${word[0]?.toUpperCase()}${word.slice(1)}`;
}

/**
 * What a shipping and a payment method's edit form (`useEditForm`) say and where they go around their
 * own procedures: the two differ only in the word „szállítási” or „fizetési”.
 */
function methodEditSteps<TCreated extends { id: number; name: string }, TSaved, TRemoved>(
  kind: MethodKind,
  method: UsedMethod | null,
  mutations: {
    create: EditMutation<never, TCreated>;
    update: EditMutation<never, TSaved>;
    remove: EditMutation<{ id: number }, TRemoved>;
  },
) {
  const { adjective, list, record } = METHOD_KINDS[kind];
  const capital = capitalized(adjective);
  return {
    paths: { list, record },
    create: {
      mutation: mutations.create,
      created: (created: TCreated) => ({ title: `A ${adjective} mód létrejött.`, description: created.name }),
      failed: `A ${adjective} mód nem jött létre.`,
    },
    save: { mutation: mutations.update, saved: `A ${adjective} módot elmentettük.` },
    remove: {
      mutation: mutations.remove,
      removed: `A ${adjective} módot töröltük.`,
      title: `${capital} mód törlése`,
      question: method && methodRemovalQuestion(method, adjective),
    },
  };
}

/** What a shipping and a payment method both have, as the API answers it; null for a new method. */
type CommonMethod = UsedMethod & {
  id: number;
  description: string | null;
  fee: number;
  enabled: boolean;
  position: number;
};

type TextState = { value: string; onChange: (value: string) => void };

/**
 * The form state of what every shipping and payment method has: name, description, fee, whether
 * shoppers may choose it and its place in the checkout. `values` is their part of what the form sends.
 */
export function useCommonMethodFields(method: CommonMethod | null) {
  const [name, setName] = useState(method?.name ?? '');
  const [description, setDescription] = useState(method?.description ?? '');
  const [fee, setFee] = useState(String(method?.fee ?? 0));
  const [enabled, setEnabled] = useState(method?.enabled ?? true);
  const [position, setPosition] = useState(String(method?.position ?? 0));
  return {
    name: { value: name, onChange: setName } satisfies TextState,
    description: { value: description, onChange: setDescription } satisfies TextState,
    fee: { value: fee, onChange: setFee } satisfies TextState,
    enabled: { checked: enabled, onChange: setEnabled },
    position: { value: position, onChange: setPosition } satisfies TextState,
    values: {
      name,
      description,
      fee: parseNumberInput(fee),
      enabled,
      position: parseNumberInput(position),
    },
  };
}

export type CommonMethodFields = ReturnType<typeof useCommonMethodFields>;

/**
 * The edit form (`useEditForm`) of a shipping or payment method: the common fields' values with the
 * kind's own (`values`), checked with the kind's create or update schema, saved with the kind's
 * procedures under the settings permission, and making the checkout's queries stale.
 */
export function useMethodEditForm<
  TValues extends object,
  TCreated extends { id: number; name: string },
  TSaved,
  TRemoved,
>(
  kind: MethodKind,
  method: CommonMethod | null,
  config: {
    common: CommonMethodFields;
    values: TValues;
    check?: () => FieldErrors | undefined;
    schemas: { create: z.ZodType; update: z.ZodType };
    mutations: {
      create: EditMutation<never, TCreated>;
      update: EditMutation<never, TSaved>;
      remove: EditMutation<{ id: number }, TRemoved>;
    };
  },
) {
  const trpc = useTRPC();
  return useEditForm({
    isNew: !method,
    id: method?.id,
    values: { ...config.common.values, ...config.values },
    check: config.check,
    permission: 'settings:write',
    schema: method ? config.schemas.update : config.schemas.create,
    invalidates: trpc.checkout.pathFilter(),
    ...methodEditSteps(kind, method, config.mutations),
  });
}
