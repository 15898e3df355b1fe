import { Breadcrumb } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';

export type BreadcrumbEntry = { key: string | number; label: string; link?: (label: string) => ReactNode };

/**
 * "Főoldal » ancestors » current", with » as the specification joins category paths
 * (CATEGORY_PATH_SEPARATOR).
 */
export function PageBreadcrumb({ entries }: { entries: BreadcrumbEntry[] }) {
  return (
    <Breadcrumb.Root size="sm" aria-label="Morzsamenü">
      <Breadcrumb.List flexWrap="wrap">
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild color="fg.muted">
            <Link to="/">Főoldal</Link>
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        {entries.map((entry, index) => {
          const last = index === entries.length - 1;
          return (
            <Fragment key={entry.key}>
              <Breadcrumb.Separator color="fg.subtle">»</Breadcrumb.Separator>
              <Breadcrumb.Item>
                {last || !entry.link ? (
                  <Breadcrumb.CurrentLink fontWeight="medium">{entry.label}</Breadcrumb.CurrentLink>
                ) : (
                  <Breadcrumb.Link asChild color="fg.muted">
                    {entry.link(entry.label)}
                  </Breadcrumb.Link>
                )}
              </Breadcrumb.Item>
            </Fragment>
          );
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
