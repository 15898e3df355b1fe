import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Flex,
  Image,
  Portal,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { LuImage, LuTrash2 } from 'react-icons/lu';
import { DescribedFieldRoot } from '../../components/form/fields';
import { MediaPicker } from './media-picker';

/** A chosen picture of the media library: its id, and an address to preview it. */
export type ChosenImage = { id: number; url: string };

/** A record's saved picture (its media id and sizes) as the field shows it; null when it has none. */
export function chosenImageOf(stored: { id: number; card: string } | null | undefined): ChosenImage | null {
  return stored ? { id: stored.id, url: stored.card } : null;
}

/**
 * One picture of a form (a banner's image, a cover): its preview, "Kép választása" opening the media
 * library (choosing closes it), and "Eltávolítás" when it is optional. `label` also names the buttons
 * for screen readers, so two such fields on one form stay apart.
 */
export function MediaImageField({
  label,
  value,
  onChange,
  helper,
  error,
  aspectRatio = 16 / 6,
}: {
  label: string;
  value: ChosenImage | null;
  onChange: (image: ChosenImage | null) => void;
  helper?: ReactNode;
  error?: string;
  /** The preview's shape, as the picture will show. */
  aspectRatio?: number;
}) {
  const [open, setOpen] = useState(false);
  const dialogSize = useBreakpointValue({ base: 'full', md: 'xl' } as const) ?? 'xl';
  return (
    <DescribedFieldRoot invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Stack gap="2" w="full">
        <Box
          borderWidth="1px"
          borderRadius="l2"
          overflow="hidden"
          bg="bg.subtle"
          aspectRatio={aspectRatio}
          maxW="md"
          w="full"
        >
          {value ? (
            <Image src={value.url} alt={label} w="full" h="full" objectFit="cover" />
          ) : (
            <Flex h="full" align="center" justify="center" color="fg.muted" gap="2" fontSize="sm">
              <LuImage aria-hidden="true" /> Nincs kép
            </Flex>
          )}
        </Box>
        <Flex gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            onClick={() => setOpen(true)}
            aria-label={`${label}: kép választása`}
          >
            <LuImage /> Kép választása
          </Button>
          {value && (
            <Button
              size="sm"
              variant="ghost"
              colorPalette="red"
              onClick={() => onChange(null)}
              aria-label={`${label}: eltávolítás`}
            >
              <LuTrash2 /> Eltávolítás
            </Button>
          )}
        </Flex>
      </Stack>
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
      <Dialog.Root
        open={open}
        onOpenChange={(details) => setOpen(details.open)}
        scrollBehavior="inside"
        size={dialogSize}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{label}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text fontSize="sm" color="fg.muted" mb="3">
                  Kattints egy képre a kiválasztásához.
                </Text>
                <MediaPicker
                  selectedId={value?.id ?? null}
                  onSelect={(media) => {
                    onChange({ id: media.id, url: media.urls.card });
                    setOpen(false);
                  }}
                />
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Mégse</Button>
                </Dialog.ActionTrigger>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Bezárás" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </DescribedFieldRoot>
  );
}
