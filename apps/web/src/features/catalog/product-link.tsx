import { Link, type LinkComponentProps } from '@tanstack/react-router';

type Props = Omit<LinkComponentProps<'a'>, 'to' | 'params' | 'search' | 'hash'> & {
  slug: string;
  /** A variant of the product: its page opens with that variant chosen (`?variant=`). */
  variant?: number | null;
};

/** Links a product by its pretty URL, `/{name-slug}-{id}` (route product-pretty, README.md, "Routes"). */
export function ProductLink({ slug, variant, ...rest }: Props) {
  return <Link to="/$" params={{ _splat: slug }} search={variant ? { variant } : {}} {...rest} />;
}
