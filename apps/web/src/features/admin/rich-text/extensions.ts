import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

/**
 * What the editor can write, kept to what the server's one allow-list keeps
 * (packages/api/src/schemas/html-allow-list.ts): no code blocks, strike or underline marks the shop
 * does not style, headings from h2 (the page title is the h1), links without a default target, so
 * only links the admin marks "new tab" get `target="_blank"` (with `rel="noopener noreferrer"`).
 */
export const richTextExtensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    codeBlock: false,
    code: false,
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      HTMLAttributes: { target: null, rel: null },
    },
  }),
  Image.configure({ inline: false, allowBase64: false }),
  TableKit.configure({ table: { resizable: false } }),
];
