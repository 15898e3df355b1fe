import type { TCategory } from '@shop/api/schemas';

export type AdminCategoryNode = TCategory & { children: AdminCategoryNode[] };

const byPositionThenTitle = (a: TCategory, b: TCategory) =>
  a.position - b.position || a.title.localeCompare(b.title, 'hu');

/** The admin's flat list (it includes hidden categories) as a tree, siblings by position then title. */
export function buildCategoryTree(items: TCategory[]): AdminCategoryNode[] {
  const nodes = new Map<number, AdminCategoryNode>(items.map((item) => [item.id, { ...item, children: [] }]));
  const roots: AdminCategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent === null ? undefined : nodes.get(node.parent);
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: AdminCategoryNode[]) => {
    list.sort(byPositionThenTitle);
    for (const node of list) sort(node.children);
  };
  sort(roots);
  return roots;
}

/** Possible parents of a category: every category except itself and its descendants (no cycles). */
export function parentOptions(items: TCategory[], movingId?: number): { value: string; label: string }[] {
  const excluded = (item: TCategory) =>
    movingId !== undefined && (item.id === movingId || item.ancestorIds.includes(movingId));
  return [...items]
    .filter((item) => !excluded(item))
    .sort((a, b) => a.path.localeCompare(b.path, 'hu'))
    .map((item) => ({ value: String(item.id), label: item.path }));
}

/** NativeSelect value ('' = no parent) to the API's `parent`. */
export const toParent = (value: string): number | null => (value === '' ? null : Number(value));
