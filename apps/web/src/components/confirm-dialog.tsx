import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * Asks before an action; the dialog stays open until the action settles. By default the action is a
 * destructive one ("Törlés" in red beside "Mégse"). A question that must be answered (`dismissible`
 * false) closes only through its two buttons, so Escape or a click beside it decides nothing. A long
 * question scrolls between its title and its buttons, which stay on a phone's screen.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  loading,
  cancelLabel = 'Mégse',
  destructive = true,
  dismissible = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading: boolean;
  cancelLabel?: string;
  destructive?: boolean;
  dismissible?: boolean;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role="alertdialog"
      placement="center"
      scrollBehavior="inside"
      closeOnEscape={dismissible}
      closeOnInteractOutside={dismissible}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">{children}</Text>
            </Dialog.Body>
            <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={loading} whiteSpace="normal">
                  {cancelLabel}
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette={destructive ? 'red' : 'brand'}
                loading={loading}
                onClick={onConfirm}
                whiteSpace="normal"
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
