import { type ReactNode, useState } from 'react';
import { CheckboxField, type TextFieldProps } from '../../components/form/fields';
import { SealedSecretField, SettingsAlert } from './settings-form';

/**
 * What the admin typed for a sealed secret (a provider's key or password) and whether they asked to
 * remove the saved one. The shop never sends a saved secret back, so an empty field means "keep it".
 */
export function useSecretDraft() {
  const [value, setValue] = useState('');
  const [clear, setClear] = useState(false);
  return {
    value,
    setValue,
    clear,
    setClear,
    /** The typed secret without the spaces a paste brings along; empty when nothing was typed. */
    typed: value.trim(),
    /**
     * The secret's part of a settings update under `key`: null removes the saved one, a typed value
     * replaces it, and leaving the field empty sends nothing, so the saved one stays.
     */
    update<TKey extends string>(key: TKey): Partial<Record<TKey, string | null>> {
      if (clear) return { [key]: null } as Record<TKey, null>;
      return value.trim() ? ({ [key]: value } as Record<TKey, string>) : {};
    },
  };
}

export type SecretDraft = ReturnType<typeof useSecretDraft>;

/**
 * A secret setting's field: set (nothing saved yet), replace (type a new one over the saved one, whose
 * last 4 characters the label shows) or, with `clearLabel`, clear (a checkbox, which locks the field).
 */
export function SecretSettingField({
  draft,
  saved,
  last4,
  savedHelper,
  unsavedHelper,
  clearLabel,
  ...field
}: Omit<TextFieldProps, 'value' | 'onValueChange' | 'disabled' | 'helper'> & {
  draft: SecretDraft;
  /** A secret is saved now. */
  saved: boolean;
  /** The saved secret's last 4 characters, null where it is not to be shown. */
  last4: string | null;
  /** The helper while a secret is saved: leaving the field empty keeps it. */
  savedHelper: string;
  /** The helper while none is saved: where to find one. */
  unsavedHelper?: string;
  /** The checkbox that removes the saved secret; without it the secret can only be replaced here. */
  clearLabel?: ReactNode;
}) {
  return (
    <>
      <SealedSecretField
        {...field}
        last4={draft.clear ? null : last4}
        value={draft.value}
        onValueChange={draft.setValue}
        disabled={draft.clear}
        helper={saved ? savedHelper : unsavedHelper}
      />
      {saved && clearLabel && (
        <CheckboxField checked={draft.clear} onCheckedChange={draft.setClear}>
          {clearLabel}
        </CheckboxField>
      )}
    </>
  );
}

/**
 * Why a secret setting cannot work or be saved now, with what to do: the saved secret does not open with
 * the server's encryption key, or the server has no encryption key to seal a new one with.
 */
export function SecretStorageAlerts({
  unreadable,
  unreadableTitle,
  unreadableEffect,
  enterAgain,
  storable,
  unstorableTitle,
  neverStoredPlain,
  othersStillSave,
}: {
  /** A secret is saved but the server cannot open it. */
  unreadable: boolean;
  unreadableTitle: string;
  /** What stops meanwhile, as a clause: "számla nem készül". */
  unreadableEffect: string;
  /** What to type again, with its article: "a kulcsot". */
  enterAgain: string;
  /** The server can seal a new secret. */
  storable: boolean;
  unstorableTitle: string;
  /** The secret the shop refuses to keep unsealed, with its article ("a jelszót"), where it says so. */
  neverStoredPlain?: string;
  /** The form's other settings save without the secret. */
  othersStillSave: boolean;
}) {
  return (
    <>
      {unreadable && (
        <SettingsAlert status="error" title={unreadableTitle}>
          A szerver titkosítási kulcsa megváltozott vagy hiányzik, ezért {unreadableEffect}. Add meg újra{' '}
          {enterAgain}.
        </SettingsAlert>
      )}
      {!storable && (
        <SettingsAlert status="warning" title={unstorableTitle}>
          A szerveren nincs titkosítási kulcs
          {neverStoredPlain ? `, titkosítatlanul pedig nem tároljuk ${neverStoredPlain}` : ''}. Állítsd be a
          SETTINGS_ENCRYPTION_KEY környezeti változót (minden szerveren ugyanazt), és indítsd újra a szervert.
          {othersStillSave ? ' A többi beállítás addig is menthető.' : ''}
        </SettingsAlert>
      )}
    </>
  );
}
