import { Box, Field, Skeleton, Text, useFieldsetContext } from '@chakra-ui/react';
import { lazy, type Ref, Suspense, useId } from 'react';
import type { RichTextHandle } from './rich-text-editor';

export type { RichTextHandle };

// Tiptap and ProseMirror are a large download: only an admin form that shows this field loads them.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

export type RichTextFieldProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  helperText?: string;
  errorText?: string;
  placeholder?: string;
  /** For forms that insert text at the cursor (the e-mail template's placeholders). */
  ref?: Ref<RichTextHandle>;
  /** Shown, not edited; by default whenever the surrounding fieldset is disabled (a locked EditForm). */
  disabled?: boolean;
};

/**
 * An admin HTML text (page, description, blog post, e-mail template) edited as formatted text:
 * headings, lists, links, images from the media library, tables, and the HTML itself under
 * "Forráskód". Controlled, HTML in and out; the server cleans what is saved with its one allow-list.
 * The editable area is a textbox named by `label`. In a locked form it shows the text without the
 * toolbar and takes no typing, as the form's other fields take none.
 */
export function RichTextField({
  label,
  value,
  onChange,
  invalid,
  helperText,
  errorText,
  placeholder,
  ref,
  disabled,
}: RichTextFieldProps) {
  const fieldset = useFieldsetContext();
  const readOnly = disabled ?? Boolean(fieldset?.disabled);
  const id = useId();
  const labelId = `${id}-label`;
  const noteId = `${id}-note`;
  const shownInvalid = invalid ?? Boolean(errorText);
  const note = shownInvalid && errorText ? errorText : helperText;
  return (
    <Field.Root invalid={shownInvalid} disabled={readOnly}>
      {/* A label's `for` cannot point at an editable div: the editor is named by aria-labelledby. */}
      <Text as="span" id={labelId} fontWeight="medium" textStyle="sm">
        {label}
      </Text>
      <Box w="full">
        <Suspense fallback={<Skeleton h="18rem" borderRadius="l2" />}>
          <RichTextEditor
            labelId={labelId}
            describedBy={note ? noteId : undefined}
            value={value}
            onChange={onChange}
            invalid={shownInvalid}
            placeholder={placeholder}
            handle={ref}
            readOnly={readOnly}
          />
        </Suspense>
      </Box>
      {shownInvalid && errorText ? (
        <Field.ErrorText id={noteId}>{errorText}</Field.ErrorText>
      ) : (
        helperText && <Field.HelperText id={noteId}>{helperText}</Field.HelperText>
      )}
    </Field.Root>
  );
}
