import { Link, type LinkComponentProps } from '@tanstack/react-router';

type Props = Omit<LinkComponentProps<'a'>, 'to' | 'params' | 'search' | 'hash'> & { slug: string };

/** Links a product by its pretty URL (spec §2 product-pretty, `/{name-slug}-{id}`). */
export function ProductLink({ slug, ...rest }: Props) {
  return <Link to="/$" params={{ _splat: slug }} {...rest} />;
}
