import { Box, Button, Flex, IconButton, Separator } from '@chakra-ui/react';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { type ReactNode, useMemo, useState } from 'react';
import {
  LuBold,
  LuCodeXml,
  LuHeading2,
  LuHeading3,
  LuImagePlus,
  LuItalic,
  LuLink,
  LuList,
  LuListOrdered,
  LuPilcrow,
  LuQuote,
  LuRedo2,
  LuTable,
  LuUndo2,
} from 'react-icons/lu';
import { ImageDialog } from './image-dialog';
import { type LinkChoice, LinkDialog } from './link-dialog';

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  /** Given for buttons that switch a format on and off: they report it as pressed. */
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <IconButton
      type="button"
      size="sm"
      variant={active ? 'subtle' : 'ghost'}
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </IconButton>
  );
}

function TableButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" size="xs" variant="outline" onClick={onClick}>
      {label}
    </Button>
  );
}

/**
 * The formatting buttons above the text, each named in Hungarian for screen readers (and tests);
 * while the cursor is in a table, a second row edits its rows and columns.
 */
export function RichTextToolbar({
  editor,
  sourceMode,
  onToggleSource,
}: {
  editor: Editor;
  sourceMode: boolean;
  onToggleSource: () => void;
}) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      paragraph: current.isActive('paragraph'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      linkHref: current.getAttributes('link').href as string | undefined,
      linkTarget: current.getAttributes('link').target as string | undefined,
      inTable: current.isActive('table'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const off = sourceMode;
  const currentLink = useMemo(
    () => (state.linkHref ? { href: state.linkHref, newTab: state.linkTarget === '_blank' } : null),
    [state.linkHref, state.linkTarget],
  );

  const applyLink = ({ href, newTab }: LinkChoice) => {
    const attributes = { href, target: newTab ? '_blank' : null, rel: newTab ? 'noopener noreferrer' : null };
    // With nothing selected the address itself becomes the link's text.
    if (editor.state.selection.empty && !state.link) {
      chain()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: attributes }] })
        .run();
      return;
    }
    chain().extendMarkRange('link').setLink(attributes).run();
  };

  return (
    <Box borderBottomWidth="1px" bg="bg.subtle" borderTopRadius="l2">
      <Flex role="toolbar" aria-label="Formázás" wrap="wrap" gap="0.5" p="1" align="center">
        <ToolButton
          label="Bekezdés"
          active={state.paragraph}
          disabled={off}
          onClick={() => chain().setParagraph().run()}
        >
          <LuPilcrow />
        </ToolButton>
        <ToolButton
          label="Címsor 2"
          active={state.h2}
          disabled={off}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          <LuHeading2 />
        </ToolButton>
        <ToolButton
          label="Címsor 3"
          active={state.h3}
          disabled={off}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          <LuHeading3 />
        </ToolButton>
        <Separator orientation="vertical" h="5" mx="1" />
        <ToolButton
          label="Félkövér"
          active={state.bold}
          disabled={off}
          onClick={() => chain().toggleBold().run()}
        >
          <LuBold />
        </ToolButton>
        <ToolButton
          label="Dőlt"
          active={state.italic}
          disabled={off}
          onClick={() => chain().toggleItalic().run()}
        >
          <LuItalic />
        </ToolButton>
        <ToolButton label="Hivatkozás" active={state.link} disabled={off} onClick={() => setLinkOpen(true)}>
          <LuLink />
        </ToolButton>
        <Separator orientation="vertical" h="5" mx="1" />
        <ToolButton
          label="Felsorolás"
          active={state.bulletList}
          disabled={off}
          onClick={() => chain().toggleBulletList().run()}
        >
          <LuList />
        </ToolButton>
        <ToolButton
          label="Számozott lista"
          active={state.orderedList}
          disabled={off}
          onClick={() => chain().toggleOrderedList().run()}
        >
          <LuListOrdered />
        </ToolButton>
        <ToolButton
          label="Idézet"
          active={state.blockquote}
          disabled={off}
          onClick={() => chain().toggleBlockquote().run()}
        >
          <LuQuote />
        </ToolButton>
        <Separator orientation="vertical" h="5" mx="1" />
        <ToolButton label="Kép beszúrása" disabled={off} onClick={() => setImageOpen(true)}>
          <LuImagePlus />
        </ToolButton>
        <ToolButton
          label="Táblázat beszúrása"
          disabled={off || state.inTable}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        >
          <LuTable />
        </ToolButton>
        <Separator orientation="vertical" h="5" mx="1" />
        <ToolButton label="Visszavonás" disabled={off || !state.canUndo} onClick={() => chain().undo().run()}>
          <LuUndo2 />
        </ToolButton>
        <ToolButton label="Újra" disabled={off || !state.canRedo} onClick={() => chain().redo().run()}>
          <LuRedo2 />
        </ToolButton>
        <Box flex="1" />
        <Button
          type="button"
          size="sm"
          variant={sourceMode ? 'subtle' : 'ghost'}
          aria-label="Forráskód"
          aria-pressed={sourceMode}
          onClick={onToggleSource}
        >
          <LuCodeXml /> Forráskód
        </Button>
      </Flex>
      {state.inTable && !sourceMode && (
        <Flex role="toolbar" aria-label="Táblázat" wrap="wrap" gap="1" px="2" pb="2" align="center">
          <TableButton label="Sor fölé" onClick={() => chain().addRowBefore().run()} />
          <TableButton label="Sor alá" onClick={() => chain().addRowAfter().run()} />
          <TableButton label="Oszlop balra" onClick={() => chain().addColumnBefore().run()} />
          <TableButton label="Oszlop jobbra" onClick={() => chain().addColumnAfter().run()} />
          <TableButton label="Sor törlése" onClick={() => chain().deleteRow().run()} />
          <TableButton label="Oszlop törlése" onClick={() => chain().deleteColumn().run()} />
          <TableButton label="Fejléc sor be/ki" onClick={() => chain().toggleHeaderRow().run()} />
          <TableButton label="Táblázat törlése" onClick={() => chain().deleteTable().run()} />
        </Flex>
      )}
      <LinkDialog
        open={linkOpen}
        onOpenChange={setLinkOpen}
        current={currentLink}
        onApply={applyLink}
        onRemove={() => chain().extendMarkRange('link').unsetLink().run()}
      />
      <ImageDialog
        open={imageOpen}
        onOpenChange={setImageOpen}
        onInsert={(image) => chain().setImage(image).run()}
      />
    </Box>
  );
}
