import { Box, Textarea } from '@chakra-ui/react';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
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
}: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The HTML this editor last reported (or was given), so a value coming back from the parent is not
  // loaded again (which would move the cursor) while a value from elsewhere is.
  const known = useRef(value);
  const [source, setSource] = useState<string | null>(null);

  const editor = useEditor({
    extensions: richTextExtensions,
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: updated }) => {
      const html = editorHtml(updated);
      known.current = html;
      onChangeRef.current(html);
    },
  });

  useEffect(() => {
    if (value === known.current) return;
    known.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
    setSource((shown) => (shown === null ? null : formatSource(value)));
  }, [editor, value]);

  useEffect(() => {
    editor.view.dom.setAttribute('aria-invalid', invalid ? 'true' : 'false');
  }, [editor, invalid]);

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
      <RichTextToolbar editor={editor} sourceMode={source !== null} onToggleSource={toggleSource} />
      {source !== null ? (
        <Textarea
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          value={source}
          onChange={(event) => {
            const html = compactSource(event.target.value);
            setSource(event.target.value);
            known.current = html;
            onChangeRef.current(html);
          }}
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
              ...htmlProseStyles,
              '& .tiptap': {
                minHeight: '14rem',
                maxHeight: '40rem',
                overflowY: 'auto',
                px: '4',
                py: '3',
                outline: 'none',
              },
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
