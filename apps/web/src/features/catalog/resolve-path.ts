/**
 * The precedence for a path no literal route matched (README.md, "Routes"): a single segment ending in digits
 * is a product (product-pretty), anything else is a category slug path (category-pretty).
 */
export type ShopPath =
  | { kind: 'product'; slug: string }
  | { kind: 'category'; slugPath: string }
  | { kind: 'none' };

export function resolveShopPath(splat: string | undefined): ShopPath {
  const segments = (splat ?? '')
    .split('/')
    .map((segment) => segment.trim())
    .filter(Boolean);
  if (segments.length === 0) return { kind: 'none' };
  const [first] = segments;
  if (segments.length === 1 && first && /\d$/.test(first)) return { kind: 'product', slug: first };
  return { kind: 'category', slugPath: segments.join('/').toLowerCase() };
}
