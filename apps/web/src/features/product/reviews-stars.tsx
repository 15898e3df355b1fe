import { HStack } from '@chakra-ui/react';
import { LuStar } from 'react-icons/lu';

/** "4,5": a rating as the shop writes numbers, with a decimal comma. */
export function formatRating(value: number): string {
  return value.toLocaleString('hu-HU', { minimumFractionDigits: 0, maximumFractionDigits: 1 });
}

/**
 * Five stars, as many filled as the rating rounded to the nearest whole; read out as "4,5 csillag az 5-ből",
 * so a screen reader hears the number the stars stand for.
 */
export function ReviewStars({ rating, size = '4' }: { rating: number; size?: string }) {
  const filled = Math.round(rating);
  return (
    <HStack gap="0.5" role="img" aria-label={`${formatRating(rating)} csillag az 5-ből`} flexShrink={0}>
      {[1, 2, 3, 4, 5].map((star) => (
        <LuStar
          key={star}
          aria-hidden="true"
          fill={star <= filled ? 'currentColor' : 'none'}
          style={{ width: `var(--chakra-sizes-${size})`, height: `var(--chakra-sizes-${size})` }}
          color={star <= filled ? 'var(--chakra-colors-orange-400)' : 'var(--chakra-colors-gray-400)'}
        />
      ))}
    </HStack>
  );
}
