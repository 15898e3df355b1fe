// @vitest-environment happy-dom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type SafeNode, sanitizeHtml } from '../../../lib/html/sanitize-html';
import { richTextExtensions } from './extensions';

type Tree = { tag: string; attributes: string[]; children: (Tree | string)[] };

/** Markup as a comparable tree: attribute order does not matter, the table's layout hints are left out. */
function fromDom(parent: ParentNode): (Tree | string)[] {
  return Array.from(parent.childNodes).flatMap((node): (Tree | string)[] => {
    if (node.nodeType === Node.TEXT_NODE) return [node.textContent ?? ''];
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    // The column sizes are the editor's own layout hints; the shop lays tables out itself.
    if (tag === 'colgroup') return [];
    const attributes = Array.from(element.attributes)
      .filter((attribute) => attribute.name !== 'style')
      .map((attribute) => `${attribute.name}=${attribute.value}`)
      .sort();
    return [{ tag, attributes, children: fromDom(element) }];
  });
}

function fromSafe(nodes: SafeNode[]): (Tree | string)[] {
  return nodes.map((node) =>
    node.kind === 'text'
      ? node.text
      : {
          tag: node.tag,
          attributes: Object.entries(node.attributes)
            .map(([name, value]) => `${name}=${value}`)
            .sort(),
          children: fromSafe(node.children),
        },
  );
}

const tree = (html: string) => fromDom(new DOMParser().parseFromString(html, 'text/html').body);

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** Writes with the editor's own commands, as the toolbar does, and returns its HTML. */
function write(build: (editor: Editor) => void): string {
  editor = new Editor({ extensions: richTextExtensions, content: '' });
  build(editor);
  return editor.getHTML();
}

describe('what the rich-text editor writes passes the one allow-list', () => {
  it('keeps headings, marks, lists, links, images and tables as the editor wrote them', () => {
    const html = write((e) => {
      e.commands.setContent('<p>Szállítás</p><p>Első fontos és dőlt</p><p>pont</p><p>A gyártó oldala</p>');
      e.chain().setTextSelection(1).setHeading({ level: 2 }).run();
      e.chain().setTextSelection({ from: 17, to: 23 }).toggleBold().run();
      e.chain().setTextSelection({ from: 27, to: 31 }).toggleItalic().run();
      e.chain().setTextSelection(36).toggleOrderedList().run();
      e.chain()
        .setTextSelection({ from: 43, to: 58 })
        .setLink({ href: 'https://gyarto.example', target: '_blank', rel: 'noopener noreferrer' })
        .run();
      e.chain()
        .focus('end')
        .insertTable({ rows: 2, cols: 2, withHeaderRow: true })
        .insertContent('Díj')
        .run();
      e.chain().focus('end').setImage({ src: '/media/7/card', alt: 'Csomag', width: 480, height: 320 }).run();
    });
    // The document really holds every kind of content, so the comparison below covers them all.
    for (const part of [
      '<h2>Szállítás</h2>',
      '<strong>fontos</strong>',
      '<em>dőlt</em>',
      '<ol><li><p>pont</p></li></ol>',
      'href="https://gyarto.example"',
      '<th><p>Díj</p></th>',
      '<img src="/media/7/card" alt="Csomag" width="480" height="320">',
    ]) {
      expect(html).toContain(part);
    }
    expect(fromSafe(sanitizeHtml(html))).toEqual(tree(html));
  });

  it('reads back what the allow-list stores without changing it', () => {
    const stored =
      '<h2>Cím</h2><p>Egy <a href="/page/aszf">link</a>, egy <a href="https://x.example" target="_blank" rel="noopener noreferrer">külső</a><br>sor</p>' +
      '<ul><li><p>a</p></li></ul><blockquote><p>idézet</p></blockquote><hr>' +
      '<table><tbody><tr><td colspan="2"><p>x</p></td></tr></tbody></table><p></p>';
    expect(tree(write((e) => e.commands.setContent(stored)))).toEqual(tree(stored));
  });

  it('writes no script, whatever is pasted into it', () => {
    const html = write((e) =>
      e.commands.setContent(
        '<p onclick="alert(1)">a<script>alert(1)</script></p><img src="x" onerror="alert(1)">',
      ),
    );
    expect(html).not.toMatch(/script|onclick|onerror/);
  });
});
