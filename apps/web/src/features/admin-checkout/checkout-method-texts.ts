import { withArticle } from '@shop/api/schemas/hungarian';
import { formatNumber } from '@shop/ui';

type UsedMethod = { name: string; orderCount?: number };

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
export function methodRemovalQuestion(method: UsedMethod, kind: 'szállítási' | 'fizetési'): string {
  return method.orderCount
    ? `${withArticle(`„${method.name}”`, { capital: true })} módot ${formatNumber(method.orderCount)} rendelés használta. A rendelések megtartják a mód nevét és díját, de a mód többé nem választható. Ha csak szüneteltetnéd, kapcsold ki inkább. Biztosan törlöd?`
    : `Biztosan törlöd ${withArticle(`„${method.name}”`)} ${kind} módot? Még egy rendelés sem használta.`;
}
