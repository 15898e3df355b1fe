import { formatDate } from '@shop/ui';

/** The slug of the static page under whose text the current catalogues are listed. */
export const CATALOGUES_PAGE_SLUG = 'katalogusok';

/**
 * A catalogue's validity as shoppers read it, in Budapest dates. The end is exclusive, so it is shown
 * as the last day still inside it: a window "until 2027-02-01 00:00" reads "2027. 01. 31.".
 */
export function catalogueValidityText({
  validFrom,
  validTo,
}: {
  validFrom: string | null;
  validTo: string | null;
}): string {
  const lastDay = validTo ? formatDate(new Date(Date.parse(validTo) - 1)) : null;
  if (validFrom && lastDay) return `Érvényes: ${formatDate(validFrom)} – ${lastDay}`;
  if (lastDay) return `Érvényes: ${lastDay}-ig`;
  if (validFrom) return `Érvényes: ${formatDate(validFrom)}-tól`;
  return 'Visszavonásig érvényes';
}

/** "3 oldal · 1,2 MB": what the shopper is about to open. */
export function pdfSizeText(pageCount: number | null, sizeBytes: number): string {
  const size =
    sizeBytes >= 1024 * 1024
      ? `${(sizeBytes / (1024 * 1024)).toLocaleString('hu-HU', { maximumFractionDigits: 1 })} MB`
      : `${Math.max(1, Math.round(sizeBytes / 1024))} kB`;
  return pageCount ? `${pageCount} oldal · PDF, ${size}` : `PDF, ${size}`;
}
