import type { TCategoryTreeNode } from '@shop/api/schemas';
import { resolveShopPath } from './resolve-path';

export function findCategoryNode(nodes: TCategoryTreeNode[], id: number): TCategoryTreeNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findCategoryNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Shop URL of a category: the pretty form `/{slug...}` (route category-pretty, README.md, "Routes"), unless
 * that would read as a product (one segment ending in digits); then the explicit `/category/{slug...}` form.
 */
export function categoryHref(category: { urlPath: string }): string {
  const pretty = resolveShopPath(category.urlPath).kind === 'category';
  return pretty ? `/${category.urlPath}` : `/category/${category.urlPath}`;
}

export type Crumb = { title: string; urlPath: string };

/** Breadcrumb of a category: one entry per » path element, each linking to that ancestor. */
export function categoryCrumbs(category: { path: string; urlPath: string }, separator = ' » '): Crumb[] {
  const titles = category.path.split(separator);
  const slugs = category.urlPath.split('/');
  if (titles.length !== slugs.length) return [{ title: category.path, urlPath: category.urlPath }];
  return titles.map((title, index) => ({ title, urlPath: slugs.slice(0, index + 1).join('/') }));
}
