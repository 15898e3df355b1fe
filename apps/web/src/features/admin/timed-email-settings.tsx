import { Box, Button, Field, Flex, Heading, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { DescribedFieldRoot } from '../../components/form/fields';
import { AdminPanel } from './admin-page';

/** Whether the shop sends a timed e-mail, and how long after its event (hours, days: the card's unit). */
export type TimedEmailSetting = { enabled: boolean; delay: number };

/** The delay field's text as a whole delay, or the Hungarian reason it is none (shown under the field). */
export type DelayReading = { ok: true; delay: number } | { ok: false; message: string | undefined };

export type TimedEmailSettingsProps = {
  /** The card's heading, which also names it as a region. */
  title: string;
  description: ReactNode;
  /** What shows between the description and the form (the e-mail's counts). */
  children?: ReactNode;
  /** The stored setting; undefined while it loads. */
  saved: TimedEmailSetting | undefined;
  mayEdit: boolean;
  switchLabel: string;
  delayLabel: string;
  /** Reads the trimmed field; the API's own bounds and words belong here, so the form cannot drift from them. */
  readDelay: (text: string) => DelayReading;
  /** Under a valid delay: its bounds and default. */
  delayHelper: ReactNode;
  onSave: (setting: TimedEmailSetting) => void;
  saving: boolean;
};

/**
 * An admin card of one automatic e-mail (the cart reminder, the review request): a switch that turns it
 * on, the delay after its event, and "Mentés" for a role that may change it; a reader sees them disabled.
 */
export function TimedEmailSettings({
  title,
  description,
  children,
  saved,
  ...form
}: TimedEmailSettingsProps) {
  const headingId = useId();
  return (
    <AdminPanel as="section" aria-labelledby={headingId} p={{ base: '4', md: '6' }} mt="6">
      <Heading as="h2" size="md" id={headingId}>
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mt="1">
        {description}
      </Text>
      {children}
      {saved ? (
        // A saved change remounts the form, so it starts again from what the server now holds.
        <TimedEmailForm key={`${saved.enabled}-${saved.delay}`} initial={saved} {...form} />
      ) : (
        <Text mt="4" color="fg.muted">
          Betöltés…
        </Text>
      )}
    </AdminPanel>
  );
}

function TimedEmailForm({
  initial,
  mayEdit,
  switchLabel,
  delayLabel,
  readDelay,
  delayHelper,
  onSave,
  saving,
}: Omit<TimedEmailSettingsProps, 'title' | 'description' | 'children' | 'saved'> & {
  initial: TimedEmailSetting;
}) {
  const [enabled, setEnabled] = useState(initial.enabled);
  const [delayText, setDelayText] = useState(String(initial.delay));
  const delayId = useId();
  const reading = readDelay(delayText.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reading.ok) onSave({ enabled, delay: reading.delay });
  };
  return (
    <Box as="form" onSubmit={submit} mt="4">
      <Stack gap="4" maxW="md">
        <Switch.Root
          checked={enabled}
          disabled={!mayEdit}
          onCheckedChange={(details) => setEnabled(details.checked)}
          colorPalette="brand"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{switchLabel}</Switch.Label>
        </Switch.Root>
        <DescribedFieldRoot invalid={!reading.ok} disabled={!mayEdit}>
          <Field.Label htmlFor={delayId}>{delayLabel}</Field.Label>
          <Input
            id={delayId}
            inputMode="numeric"
            maxW="32"
            value={delayText}
            onChange={(event) => setDelayText(event.target.value)}
          />
          {reading.ok ? (
            <Field.HelperText>{delayHelper}</Field.HelperText>
          ) : (
            <Field.ErrorText>{reading.message}</Field.ErrorText>
          )}
        </DescribedFieldRoot>
        {mayEdit && (
          <Flex>
            <Button type="submit" colorPalette="brand" size="sm" loading={saving}>
              Mentés
            </Button>
          </Flex>
        )}
      </Stack>
    </Box>
  );
}
