import { createFileRoute, notFound } from '@tanstack/react-router';

/** The lists of the checks the spec has no URL for (no category, no stock but enabled…). */
const CHECKS = [
  'no-category',
  'no-property-values',
  'no-stock-but-enabled',
  'rising-tier-prices',
  'duplicate-external-code',
  'variant-missing-image',
  'variant-missing-price',
] as const;

export const Route = createFileRoute('/_admin-dashboard/admin/catalog/check/$check')({
  loader: ({ params }) => {
    const check = CHECKS.find((candidate) => candidate === params.check);
    if (!check) throw notFound();
    return { check };
  },
});
