import { Field, Grid, Input } from '@chakra-ui/react';
import { formatDateTime, fromBudapestInput, toBudapestInput } from '@shop/ui';
import { useState } from 'react';
import { DescribedFieldRoot } from '../../components/form/fields';
import type { FieldErrors } from '../../components/form/use-zod-form';

/** An active window in Budapest time, as a list cell says it; null when it is always on. */
export function bannerWindowText({
  activeFrom,
  activeTo,
}: {
  activeFrom: string | null;
  activeTo: string | null;
}): string | null {
  if (activeFrom && activeTo) return `${formatDateTime(activeFrom)} – ${formatDateTime(activeTo)}`;
  if (activeFrom) return `Kezdete: ${formatDateTime(activeFrom)}`;
  if (activeTo) return `Vége: ${formatDateTime(activeTo)}`;
  return null;
}

/** The two datetime-local fields of an active window, in Budapest time. */
export function WindowFields({
  from,
  to,
  onFromChange,
  onToChange,
  fromError,
  toError,
  fromLabel = 'Megjelenik ekkortól',
  toLabel = 'Eltűnik ekkor',
}: {
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
  fromError?: string;
  toError?: string;
  fromLabel?: string;
  toLabel?: string;
}) {
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
      <DescribedFieldRoot invalid={Boolean(fromError)}>
        <Field.Label>{fromLabel}</Field.Label>
        <Input type="datetime-local" value={from} onChange={(event) => onFromChange(event.target.value)} />
        {!fromError && <Field.HelperText>Budapesti idő; üresen: azonnal.</Field.HelperText>}
        <Field.ErrorText>{fromError}</Field.ErrorText>
      </DescribedFieldRoot>
      <DescribedFieldRoot invalid={Boolean(toError)}>
        <Field.Label>{toLabel}</Field.Label>
        <Input type="datetime-local" value={to} onChange={(event) => onToChange(event.target.value)} />
        {!toError && <Field.HelperText>Budapesti idő; üresen: visszavonásig.</Field.HelperText>}
        <Field.ErrorText>{toError}</Field.ErrorText>
      </DescribedFieldRoot>
    </Grid>
  );
}

type StoredWindow = { activeFrom: string | null; activeTo: string | null };

/**
 * The active window of a banner or the popup as the form edits it: the two fields' Budapest-time text,
 * and `values`, the window as the API takes it (an empty field: no limit on that side).
 */
export function useActiveWindowDraft(stored: StoredWindow | null) {
  const [from, setFrom] = useState(toBudapestInput(stored?.activeFrom));
  const [to, setTo] = useState(toBudapestInput(stored?.activeTo));
  return {
    from,
    setFrom,
    to,
    setTo,
    values: { activeFrom: fromBudapestInput(from) ?? null, activeTo: fromBudapestInput(to) ?? null },
  };
}

/** `WindowFields` bound to a `useActiveWindowDraft`, with the form's messages for `activeFrom` and `activeTo`. */
export function ActiveWindowFields({
  draft,
  errors,
}: {
  draft: ReturnType<typeof useActiveWindowDraft>;
  errors: FieldErrors;
}) {
  return (
    <WindowFields
      from={draft.from}
      to={draft.to}
      onFromChange={draft.setFrom}
      onToChange={draft.setTo}
      fromError={errors.activeFrom}
      toError={errors.activeTo}
    />
  );
}
