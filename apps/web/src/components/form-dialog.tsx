import { Button, Dialog, type DialogRootProps, Portal, useBreakpointValue } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useFocusFirstProblem } from './form/use-focus-first-problem';

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  /** The save is under way: the buttons wait for it. */
  pending: boolean;
  submitDisabled?: boolean;
  submitPalette?: string;
  size?: DialogRootProps['size'];
  children: ReactNode;
};

/**
 * A dialog that is one form: title, fields, "Mégse" and the save button. Full screen on a phone, the
 * fields scrolling between the title and the buttons, so the buttons stay on screen however long the
 * form or its error messages get (the form itself is the dialog's content: a wrapper between them
 * would break the scrolling). A refused save scrolls to the first field in error; Enter submits.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  onSubmit,
  submitLabel,
  pending,
  submitDisabled = false,
  submitPalette = 'brand',
  size = { base: 'full', sm: 'md' },
  children,
}: FormDialogProps) {
  // Chakra merges responsive sizes, so "full" would keep its full height and square corners on wide
  // screens too; the size for this screen is picked here instead.
  const screenSize = useBreakpointValue(typeof size === 'string' ? { base: size } : size) ?? 'md';
  const form = useRef<HTMLFormElement>(null);
  const [submits, setSubmits] = useState(0);
  useFocusFirstProblem(form, submits);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      scrollBehavior="inside"
      size={screenSize}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form
              ref={form}
              onSubmit={(event) => {
                onSubmit(event);
                setSubmits((count) => count + 1);
              }}
              noValidate
              aria-label={title}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" disabled={pending}>
                    Mégse
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  type="submit"
                  colorPalette={submitPalette}
                  loading={pending}
                  disabled={submitDisabled}
                >
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
