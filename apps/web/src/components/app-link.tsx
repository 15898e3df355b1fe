import { useRouter } from '@tanstack/react-router';
import type { ComponentProps, MouseEvent } from 'react';

/**
 * An in-app link to a URL the route tree resolves at run time (for instance /cart, which the
 * catch-all route answers until its own screen exists), navigating without a page load.
 */
export function AppLink({ href, onClick, ...rest }: ComponentProps<'a'> & { href: string }) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}
