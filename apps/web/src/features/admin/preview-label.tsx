import { Text } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

/** The small caps caption over a live preview panel. */
export function PreviewLabel(props: ComponentProps<typeof Text>) {
  return (
    <Text
      fontSize="xs"
      fontWeight="bold"
      textTransform="uppercase"
      letterSpacing="wider"
      color="fg.muted"
      {...props}
    />
  );
}
