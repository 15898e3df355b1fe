import { Link, type LinkComponentProps } from '@tanstack/react-router';
import { resolveShopPath } from './resolve-path';

type Props = Omit<LinkComponentProps<'a'>, 'to' | 'params' | 'search' | 'hash'> & {
  category: { urlPath: string };
};

/**
 * Links a category by its pretty URL, `/{slug...}` (route category-pretty, README.md, "Routes"), or by
 * `/category/{slug...}` when the pretty one would read as a product (one segment ending in digits).
 */
export function CategoryLink({ category, ...rest }: Props) {
  if (resolveShopPath(category.urlPath).kind === 'category') {
    return <Link to="/$" params={{ _splat: category.urlPath }} {...rest} />;
  }
  return <Link to="/category/$" params={{ _splat: category.urlPath }} {...rest} />;
}
