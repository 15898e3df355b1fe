import { Badge } from '@chakra-ui/react';

export function StockBadge({ inStock, size = 'sm' }: { inStock: boolean; size?: 'sm' | 'md' | 'lg' }) {
  return inStock ? (
    <Badge colorPalette="green" variant="subtle" size={size}>
      Raktáron
    </Badge>
  ) : (
    <Badge colorPalette="gray" variant="subtle" size={size}>
      Nincs készleten
    </Badge>
  );
}
