import { Badge, type BadgeProps } from '@chakra-ui/react';
import { LuGift } from 'react-icons/lu';

/** Marks the free piece a gift promotion adds to a cart or an order, wherever its lines are listed. */
export function GiftBadge(props: BadgeProps) {
  return (
    <Badge colorPalette="accent" variant="subtle" {...props}>
      <LuGift aria-hidden="true" />
      Ajándék
    </Badge>
  );
}
