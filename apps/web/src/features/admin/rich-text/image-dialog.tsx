import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import type { TMedia } from '@shop/api/schemas';
import { type FormEvent, useState } from 'react';
import { DescribedFieldRoot } from '../../../components/form/fields';
import { FormDialog } from '../../../components/form-dialog';
import { MediaPicker } from '../../admin-media/media-picker';

export type ImageChoice = { src: string; alt: string; width?: number; height?: number };

/** The media library's variants (schemas/media.ts), by the widest they are. */
const SIZES = [
  { key: 'card', label: 'Közepes (480 px széles)', maxWidth: 480 },
  { key: 'full', label: 'Nagy (1200 px széles)', maxWidth: 1200 },
  { key: 'thumb', label: 'Kicsi (160 px széles)', maxWidth: 160 },
] as const;
type SizeKey = (typeof SIZES)[number]['key'];

/** The width and height an image shows at in a variant no wider than `maxWidth`, when its size is known. */
function variantBox(media: TMedia, maxWidth: number): Pick<ImageChoice, 'width' | 'height'> {
  if (!media.width || !media.height) return {};
  const width = Math.min(media.width, maxWidth);
  return { width, height: Math.round((media.height * width) / media.width) };
}

/** "Kép beszúrása": an image of the media library with its alternative text and display size. */
export function ImageDialog({
  open,
  onOpenChange,
  onInsert,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (image: ImageChoice) => void;
}) {
  const [media, setMedia] = useState<TMedia | null>(null);
  const [alt, setAlt] = useState('');
  const [size, setSize] = useState<SizeKey>('card');
  const [error, setError] = useState<string>();

  const choose = (chosen: TMedia) => {
    setMedia(chosen);
    setAlt(chosen.alt ?? '');
    setError(undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!media) {
      setError('Válassz egy képet a médiatárból, vagy tölts fel egyet.');
      return;
    }
    const sizing = SIZES.find((entry) => entry.key === size) ?? SIZES[0];
    onInsert({ src: media.urls[size], alt: alt.trim(), ...variantBox(media, sizing.maxWidth) });
    onOpenChange(false);
    setMedia(null);
    setAlt('');
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Kép beszúrása"
      submitLabel="Beszúrás"
      pending={false}
      onSubmit={onSubmit}
      size={{ base: 'full', md: 'xl' }}
    >
      <Stack gap="4">
        <DescribedFieldRoot invalid={Boolean(error)}>
          <MediaPicker selectedId={media?.id ?? null} onSelect={choose} />
          <Field.ErrorText>{error}</Field.ErrorText>
        </DescribedFieldRoot>
        <Field.Root>
          <Field.Label>Helyettesítő szöveg (alt)</Field.Label>
          <Input value={alt} onChange={(event) => setAlt(event.target.value)} maxLength={300} />
          <Field.HelperText>
            Mit mutat a kép? Ezt olvassa fel a képernyőolvasó, és ezt látja a kereső.
          </Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Méret</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={size}
              onChange={(event) => setSize(event.currentTarget.value as SizeKey)}
            >
              {SIZES.map((entry) => (
                <option key={entry.key} value={entry.key}>
                  {entry.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
