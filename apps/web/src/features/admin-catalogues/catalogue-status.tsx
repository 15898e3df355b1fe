import { Badge } from '@chakra-ui/react';
import type { TCatalogue } from '@shop/api/schemas';

/** Why shoppers do or do not see a catalogue now, in the admin's words. */
export function catalogueStatus(catalogue: TCatalogue, now = Date.now()): { label: string; rank: number } {
  if (catalogue.current) return { label: 'Látható', rank: 0 };
  if (!catalogue.enabled) return { label: 'Kikapcsolva', rank: 3 };
  if (!catalogue.file) return { label: 'Nincs PDF', rank: 4 };
  if (catalogue.validFrom && Date.parse(catalogue.validFrom) > now) return { label: 'Később indul', rank: 1 };
  return { label: 'Lejárt', rank: 2 };
}

export function CatalogueStatusBadge({ catalogue }: { catalogue: TCatalogue }) {
  const { label, rank } = catalogueStatus(catalogue);
  const palette = rank === 0 ? 'green' : rank === 1 ? 'blue' : 'gray';
  return <Badge colorPalette={palette}>{label}</Badge>;
}
