import {
  Alert,
  Button,
  Clipboard,
  Dialog,
  Flex,
  Portal,
  Stack,
  Textarea,
  useBreakpointValue,
} from '@chakra-ui/react';
import { toaster } from '@shop/ui';
import type { ReactNode } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';

/**
 * A secret the shop shows this once (an API key, a webhook's signing secret), with a copy button. It
 * closes only through its button, so a stray click or Escape does not lose a secret not copied yet.
 */
export function ShownOnceDialog({
  open,
  onClose,
  title,
  label,
  value,
  copiedMessage,
  warning,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The field's label, e.g. "Titok". */
  label: string;
  value: string;
  /** The toast once copied. */
  copiedMessage: string;
  /** Why it cannot be shown again and what to do when it is lost. */
  warning: string;
  /** How to use it. */
  children?: ReactNode;
}) {
  const size = useBreakpointValue({ base: 'full', sm: 'lg' } as const) ?? 'lg';
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      closeOnEscape={false}
      closeOnInteractOutside={false}
      placement="center"
      scrollBehavior="inside"
      size={size}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Alert.Root status="warning">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>Most másold ki – többé nem jelenik meg.</Alert.Title>
                    <Alert.Description>{warning}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
                <Clipboard.Root
                  value={value}
                  onStatusChange={(details) => {
                    if (details.copied) toaster.success({ title: copiedMessage });
                  }}
                >
                  <Clipboard.Label fontSize="sm" fontWeight="medium">
                    {label}
                  </Clipboard.Label>
                  {/* Two lines on a phone rather than cut off; an input also clipped the underscores. */}
                  <Flex mt="1.5" gap="2" direction="column">
                    <Clipboard.Input asChild>
                      <Textarea
                        readOnly
                        rows={size === 'full' ? 2 : 1}
                        resize="none"
                        fontFamily="mono"
                        fontSize="sm"
                        lineHeight="tall"
                        wordBreak="break-all"
                      />
                    </Clipboard.Input>
                    <Clipboard.Trigger asChild aria-label={`${label} másolása`}>
                      <Button variant="surface" colorPalette="brand" alignSelf={{ sm: 'flex-end' }}>
                        <Clipboard.Indicator copied={<LuCheck />}>
                          <LuCopy />
                        </Clipboard.Indicator>
                        Másolás
                      </Button>
                    </Clipboard.Trigger>
                  </Flex>
                </Clipboard.Root>
                {children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose} whiteSpace="normal">
                Kimásoltam, bezárás
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
