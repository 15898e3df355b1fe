import { Field, Grid, Input, NativeSelect } from '@chakra-ui/react';
import { DEFAULT_LANGUAGE, type TDescription, type TDescriptionInput } from '@shop/api/schemas';
import { useState } from 'react';
import { DescribedFieldRoot } from '../../components/form/fields';

/** Languages offered for a new description; Hungarian is the shop's own language (DEFAULT_LANGUAGE). */
const LANGUAGE_NAMES: Record<string, string> = { hu: 'magyar', en: 'angol', de: 'német' };

export const languageName = (code: string): string => LANGUAGE_NAMES[code] ?? code;

type Draft = { title: string; body: string };

/**
 * Form state for "the description of one chosen language" (a save replaces only that language's
 * description, saveDescriptions in @shop/api): the admin picks a language and
 * edits its title and text, and a save sends that language only, so the others stay as stored. Each
 * language keeps its own draft, so looking at another language loses nothing typed.
 */
export function useDescriptionDraft(descriptions: TDescription[]) {
  const [language, setLanguage] = useState(DEFAULT_LANGUAGE);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const stored = descriptions.find((description) => description.language === language);
  const draft = drafts[language] ?? { title: stored?.title ?? '', body: stored?.body ?? '' };
  const change = (patch: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [language]: { ...draft, ...patch } }));

  return {
    language,
    setLanguage,
    /** The offered languages first, then any other language a description is stored in. */
    languages: [...new Set([...Object.keys(LANGUAGE_NAMES), ...descriptions.map((d) => d.language)])],
    storedLanguages: new Set(descriptions.map((description) => description.language)),
    title: draft.title,
    body: draft.body,
    setTitle: (title: string) => change({ title }),
    setBody: (body: string) => change({ body }),
    /** The `descriptions` list a save sends: the chosen language's entry. */
    toInput: (): TDescriptionInput[] => [
      { language, title: draft.title, body: draft.body.trim() ? draft.body : null },
    ],
  };
}

export type DescriptionDraft = ReturnType<typeof useDescriptionDraft>;

export function DescriptionLanguageField({ draft }: { draft: DescriptionDraft }) {
  return (
    <Field.Root>
      <Field.Label>Nyelv</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={draft.language}
          onChange={(event) => draft.setLanguage(event.currentTarget.value)}
        >
          {draft.languages.map((code) => (
            <option key={code} value={code}>
              {languageName(code)} ({code}){draft.storedLanguages.has(code) ? '' : ' – még nincs'}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>
        Mentéskor ennek a nyelvnek a címe és szövege cserélődik, a többi nyelvé megmarad.
      </Field.HelperText>
    </Field.Root>
  );
}

/** Where a form's field errors for the one sent description land (the zod issue paths). */
export const DESCRIPTION_ERROR_KEYS = { title: 'descriptions.0.title', body: 'descriptions.0.body' } as const;

/** The chosen language's title beside the language it is written in: the first row of a description form. */
export function DescriptionTitleRow({ draft, error }: { draft: DescriptionDraft; error?: string }) {
  return (
    <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
      <DescribedFieldRoot invalid={Boolean(error)} required>
        <Field.Label>
          Cím <Field.RequiredIndicator />
        </Field.Label>
        <Input value={draft.title} onChange={(event) => draft.setTitle(event.target.value)} />
        <Field.ErrorText>{error}</Field.ErrorText>
      </DescribedFieldRoot>
      <DescriptionLanguageField draft={draft} />
    </Grid>
  );
}
