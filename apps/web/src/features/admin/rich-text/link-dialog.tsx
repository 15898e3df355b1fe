import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { isSafeUrl } from '@shop/api/schemas/html-allow-list';
import { type FormEvent, useEffect, useState } from 'react';
import { CheckboxField, DescribedFieldRoot } from '../../../components/form/fields';
import { FormDialog } from '../../../components/form-dialog';

export type LinkChoice = { href: string; newTab: boolean };

/** A link's address as typed: a bare domain gets https://, paths and mailto:/tel: stay as they are. */
export function normalizeHref(typed: string): string {
  const href = typed.trim();
  if (/^([a-z][a-z0-9+.-]*:|\/|#|\?)/i.test(href)) return href;
  return `https://${href}`;
}

/** "Hivatkozás": sets, changes or removes the link on the selected text. */
export function LinkDialog({
  open,
  onOpenChange,
  current,
  onApply,
  onRemove,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link under the cursor, when there is one. */
  current: LinkChoice | null;
  onApply: (link: LinkChoice) => void;
  onRemove: () => void;
}) {
  const [href, setHref] = useState('');
  const [newTab, setNewTab] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!open) return;
    setHref(current?.href ?? '');
    setNewTab(current?.newTab ?? false);
    setError(undefined);
  }, [open, current]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!href.trim()) {
      setError('Add meg a hivatkozás címét.');
      return;
    }
    const normalized = normalizeHref(href);
    if (!isSafeUrl(normalized)) {
      setError('Csak http(s), mailto: vagy tel: cím, illetve a bolton belüli útvonal adható meg.');
      return;
    }
    onApply({ href: normalized, newTab });
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Hivatkozás"
      submitLabel={current ? 'Módosítás' : 'Beszúrás'}
      pending={false}
      onSubmit={onSubmit}
    >
      <Stack gap="4">
        <DescribedFieldRoot invalid={Boolean(error)} required>
          <Field.Label>
            Cím <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={href}
            onChange={(event) => setHref(event.target.value)}
            placeholder="https://… vagy /page/szallitas"
            inputMode="url"
            autoFocus
          />
          {!error && (
            <Field.HelperText>
              Bolton belüli oldalhoz elég az útvonal, például /page/kapcsolat.
            </Field.HelperText>
          )}
          <Field.ErrorText>{error}</Field.ErrorText>
        </DescribedFieldRoot>
        <CheckboxField checked={newTab} onCheckedChange={setNewTab}>
          Új lapon nyíljon meg
        </CheckboxField>
        {current && (
          <Button
            variant="outline"
            colorPalette="red"
            alignSelf="start"
            onClick={() => {
              onRemove();
              onOpenChange(false);
            }}
          >
            Hivatkozás eltávolítása
          </Button>
        )}
      </Stack>
    </FormDialog>
  );
}
