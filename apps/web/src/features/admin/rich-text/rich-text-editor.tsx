import { Box, type SystemStyleObject, Textarea } from '@chakra-ui/react';
import { EditorContent, useEditor } from '@tiptap/react';
import { type Ref, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { htmlProseStyles } from '../../../components/html-content';
import { richTextExtensions } from './extensions';
import { compactSource, formatSource } from './format-source';
import { RichTextToolbar } from './toolbar';

export type RichTextEditorProps = {
  /** The id of the element naming the field (its label). */
  labelId: string;
  describedBy?: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  placeholder?: string;
  handle?: Ref<RichTextHandle>;
  /** The text is shown as shoppers see it, without the toolbar, and takes no input. */
  readOnly?: boolean;
};

/** What a form may do to the editor besides setting its value. */
export type RichTextHandle = {
  /** Types `text` where the cursor was last (in the source view too), e.g. an e-mail placeholder. */
  insertText: (text: string) => void;
};

/** What the editor holds as the field's value: an empty document is an empty string, not `<p></p>`. */
function editorHtml(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * The Tiptap editor behind RichTextField, in its own chunk: controlled by `value`, it reports every
 * change as HTML, and "Forráskód" swaps it for the HTML itself, whose edits apply when the admin
 * switches back (or saves straight from the source).
 */
export default function RichTextEditor({
  labelId,
  describedBy,
  value,
  onChange,
  invalid,
  placeholder,
  handle,
  readOnly = false,
}: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The HTML this editor last reported (or was given), so a value coming back from the parent is not
  // loaded again (which would move the cursor) while a value from elsewhere is.
  const known = useRef(value);
  const [source, setSource] = useState<string | null>(null);
  const sourceArea = useRef<HTMLTextAreaElement>(null);
  const [initialContent] = useState(value);
  // Kept stable between renders: useEditor reconfigures the editor whenever an option changes.
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-invalid': invalid ? 'true' : 'false',
        'aria-readonly': readOnly ? 'true' : 'false',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    }),
    [labelId, describedBy, invalid, readOnly],
  );

  const editor = useEditor({
    extensions: richTextExtensions,
    content: initialContent,
    editable: !readOnly,
    editorProps,
    onUpdate: ({ editor: updated }) => {
      const html = editorHtml(updated);
      known.current = html;
      onChangeRef.current(html);
    },
  });

  // useEditor keeps an editor's editability when its options change, so a form locked or unlocked after
  // the editor was made is followed here; locked, it takes no typing, pasting or shortcut (Ctrl+B).
  useEffect(() => {
    if (editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  useEffect(() => {
    if (value === known.current) return;
    known.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
    setSource((shown) => (shown === null ? null : formatSource(value)));
  }, [editor, value]);

  const changeSource = (text: string) => {
    const html = compactSource(text);
    setSource(text);
    known.current = html;
    onChangeRef.current(html);
  };

  useImperativeHandle(handle, () => ({
    insertText: (text) => {
      if (readOnly) return;
      const area = sourceArea.current;
      if (!area) {
        editor.chain().focus().insertContent(text).run();
        return;
      }
      const { selectionStart: start, selectionEnd: end, value: shown } = area;
      changeSource(shown.slice(0, start) + text + shown.slice(end));
      requestAnimationFrame(() => {
        area.focus();
        area.setSelectionRange(start + text.length, start + text.length);
      });
    },
  }));

  const toggleSource = () => {
    if (source === null) {
      setSource(formatSource(value));
      return;
    }
    // Back from the source: the editor reads it, and what the editor keeps of it becomes the value,
    // so the preview and the save show what the admin now sees.
    editor.commands.setContent(compactSource(source), { emitUpdate: false });
    const html = editorHtml(editor);
    known.current = html;
    setSource(null);
    if (html !== value) onChangeRef.current(html);
    editor.commands.focus();
  };

  return (
    <Box
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      borderRadius="l2"
      bg="bg"
      _focusWithin={{
        outline: '2px solid',
        outlineColor: invalid ? 'border.error' : 'colorPalette.focusRing',
      }}
      colorPalette="brand"
    >
      {!readOnly && (
        <RichTextToolbar editor={editor} sourceMode={source !== null} onToggleSource={toggleSource} />
      )}
      {source !== null && !readOnly ? (
        <Textarea
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          value={source}
          ref={sourceArea}
          onChange={(event) => changeSource(event.target.value)}
          rows={16}
          fontFamily="mono"
          fontSize="sm"
          border="none"
          borderRadius="0"
          focusRing="none"
          spellCheck={false}
        />
      ) : (
        <Box position="relative">
          {placeholder && editor.isEmpty && (
            <Box
              position="absolute"
              top="3"
              insetInline="4"
              color="fg.subtle"
              pointerEvents="none"
              aria-hidden
            >
              {placeholder}
            </Box>
          )}
          <Box
            css={{
              // The shop's look for the text itself (ProseMirror's element), so the admin sees what shoppers will.
              '& .tiptap': {
                ...(htmlProseStyles as SystemStyleObject),
                minHeight: '14rem',
                maxHeight: '40rem',
                overflowY: 'auto',
                px: '4',
                py: '3',
                outline: 'none',
              },
              '& .tiptap > :first-child': { marginTop: 0 },
              '& .tiptap .selectedCell': { bg: 'brand.subtle' },
              '& .tiptap img.ProseMirror-selectednode': { outline: '3px solid', outlineColor: 'brand.solid' },
              '& .tiptap table p': { margin: 0 },
            }}
          >
            <EditorContent editor={editor} />
          </Box>
        </Box>
      )}
    </Box>
  );
}
