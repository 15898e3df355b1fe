import { readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '@shop/api';
import { REPO_ROOT } from '../config';

/**
 * The API changelog (CHANGELOG.md at the repository root) for the reference: the section of the
 * document's version shown on /api/docs, the whole file as a page of its own. Only the Markdown the
 * file uses is understood: headings, paragraphs, `-` lists with wrapped lines, `code`, **bold**, links.
 */

export const CHANGELOG_FILE = path.join(REPO_ROOT, 'CHANGELOG.md');

/** The changelog's text, or null when the server runs from a copy without it. */
export function readChangelog(file: string = CHANGELOG_FILE): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The body of the `## <version>` section (up to the next `## `), or null when there is none. */
export function changelogSection(markdown: string, version: string): string | null {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === `## ${version}`);
  if (start < 0) return null;
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

function inline(markdown: string): string {
  return escapeHtml(markdown)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
}

/** HTML of the Markdown above; `shift` lowers headings (`##` becomes h3 with 1) to fit the page around it. */
export function renderChangelog(markdown: string, shift = 0): string {
  const html: string[] = [];
  let paragraph: string[] = [];
  let items: string[] = [];
  const flush = () => {
    if (paragraph.length) html.push(`<p>${inline(paragraph.join(' '))}</p>`);
    if (items.length) html.push(`<ul>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    paragraph = [];
    items = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = Math.min(6, (heading[1]?.length ?? 1) + shift);
      html.push(`<h${level}>${inline(heading[2] ?? '')}</h${level}>`);
    } else if (line.startsWith('- ')) {
      if (paragraph.length) flush();
      items.push(line.slice(2).trim());
    } else if (line.trim() === '') {
      flush();
    } else if (items.length && /^\s/.test(line)) {
      items[items.length - 1] += ` ${line.trim()}`;
    } else {
      if (items.length) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return html.join('\n');
}
