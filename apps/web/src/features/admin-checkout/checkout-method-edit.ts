import { withArticle } from '@shop/api/schemas/hungarian';
import { formatNumber } from '@shop/ui';
import type { NavigateOptions } from '@tanstack/react-router';
import type { EditMutation } from '../admin/edit-page/use-edit-form';

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
export function methodEditSteps<TCreated extends { id: number; name: string }, TSaved, TRemoved>(
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
