import { Switch } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** An on/off setting of an admin form, labelled by its children. */
export function SwitchField({
  checked,
  onCheckedChange,
  children,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(details) => onCheckedChange(details.checked)}
      colorPalette="brand"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{children}</Switch.Label>
    </Switch.Root>
  );
}
