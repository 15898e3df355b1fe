import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A comment may cite only what a reader of this repository can open (CONTRIBUTING.md, "Comments say
 * why"): the house style is CONTRIBUTING.md and the design ARCHITECTURE.md, both in the repository, and a
 * requirement is stated in the comment's own words. A document a newcomer cannot open (a style guide or
 * a specification kept elsewhere, cited by its name or by a numbered section), or a path that climbs out
 * of the repository, fails here; so does a citation of a section of our own documents that no longer
 * exists.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCANNED = ['apps', 'packages', 'e2e', 'scripts'];
/** Build output, dependencies and generated code: nobody writes their comments here. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'generated',
  '.turbo',
  'test-results',
  'playwright-report',
]);
const SCRIPT_FILE = /\.(?:[cm]?[jt]s|tsx)$/;
const DOCUMENTS = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(relative);
    if (entry.name.endsWith('.gen.ts')) return [];
    return SCRIPT_FILE.test(entry.name) || /\.(?:sql|prisma)$/.test(entry.name) ? [relative] : [];
  });
}

/** Where a `/` in code starts a regular expression rather than a division. */
const BEFORE_REGEX =
  /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\b(?:return|typeof|case|in|of|void|throw|yield|await))\s*$/;

/**
 * The comments of a JavaScript or TypeScript source, with their line numbers. Strings, template
 * literals (with their `${…}` parts) and regular expressions are skipped, so a `//` in a URL or a
 * quote inside a pattern is not taken for a comment.
 */
function scriptComments(source: string): { line: number; text: string }[] {
  const comments: { line: number; text: string }[] = [];
  const templateDepths: number[] = [];
  let braces = 0;
  let i = 0;
  const lineAt = (index: number) => source.slice(0, index).split('\n').length;
  const skipQuoted = (quote: string) => {
    i++;
    while (i < source.length && source[i] !== quote && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
    i++;
  };
  const skipTemplate = () => {
    while (i < source.length) {
      if (source[i] === '\\') {
        i += 2;
      } else if (source[i] === '`') {
        i++;
        return;
      } else if (source[i] === '$' && source[i + 1] === '{') {
        templateDepths.push(braces);
        braces++;
        i += 2;
        return;
      } else {
        i++;
      }
    }
  };
  while (i < source.length) {
    const char = source[i];
    const next = source[i + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? source.length : end;
      comments.push({ line: lineAt(i), text: source.slice(i + 2, stop) });
      i = stop;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end;
      comments.push({ line: lineAt(i), text: source.slice(i + 2, stop) });
      i = stop + 2;
    } else if (char === "'" || char === '"') {
      skipQuoted(char);
    } else if (char === '`') {
      i++;
      skipTemplate();
    } else if (char === '{') {
      braces++;
      i++;
    } else if (char === '}') {
      braces--;
      i++;
      if (templateDepths.length > 0 && braces === templateDepths[templateDepths.length - 1]) {
        templateDepths.pop();
        skipTemplate();
      }
    } else if (char === '/' && BEFORE_REGEX.test(source.slice(Math.max(0, i - 12), i))) {
      i++;
      let inClass = false;
      while (i < source.length && source[i] !== '\n' && (inClass || source[i] !== '/')) {
        if (source[i] === '\\') i++;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        i++;
      }
      i++;
    } else {
      i++;
    }
  }
  return comments;
}

/** Comments of a SQL migration (`--` and `/* … *\/`) or of schema.prisma (`//`), outside quoted text. */
function lineComments(source: string, marker: '--' | '//'): { line: number; text: string }[] {
  return source.split('\n').flatMap((text, index) => {
    let quote: string | null = null;
    for (let at = 0; at < text.length; at++) {
      const char = text[at];
      if (quote) {
        if (char === quote) quote = null;
      } else if (char === "'" || char === '"') {
        quote = char;
      } else if (text.startsWith(marker, at)) {
        return [{ line: index + 1, text: text.slice(at + marker.length) }];
      }
    }
    return [];
  });
}

function commentsOf(file: string, source: string): { line: number; text: string }[] {
  if (file.endsWith('.sql')) return lineComments(source, '--');
  if (file.endsWith('.prisma')) return lineComments(source, '//');
  return scriptComments(source);
}

/** What a comment must not cite, and why, checked on one comment's text. */
function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  if (/\bSTYLE(?:\.md)?\b/.test(text)) found.push('cites "STYLE" (the house style is CONTRIBUTING.md)');
  if (/§\s?\d/.test(text)) found.push('cites a numbered section (§…) of a document outside the repository');
  if (/(?:^|[\s(`'"])\/work\/|\bshared\/(?:STYLE|STACK|reference|spec)\b/.test(text)) {
    found.push('names a path outside the repository');
  }
  for (const [relative] of text.matchAll(/(?:\.\.\/)+[\w.-]*/g)) {
    const target = path.resolve(path.dirname(path.join(ROOT, file)), relative);
    if (path.relative(ROOT, target).startsWith('..'))
      found.push(`climbs out of the repository (${relative})`);
  }
  return found;
}

function headings(document: string): Set<string> {
  const text = readFileSync(path.join(ROOT, document), 'utf8');
  return new Set([...text.matchAll(/^#+ (.+?)\s*$/gm)].map((match) => match[1] ?? ''));
}

describe('comments cite only what is in the repository', () => {
  const files = SCANNED.flatMap(sourceFiles);
  const comments = files.flatMap((file) =>
    commentsOf(file, readFileSync(path.join(ROOT, file), 'utf8')).map((comment) => ({ file, ...comment })),
  );

  it('reads the comments of the sources, not their strings', () => {
    expect(files.length).toBeGreaterThan(500);
    const sample = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal is the source being scanned.
      "const STYLE = `<style>${css('//x')}</style>`; // why: one STYLE.md rule",
      "const url = 'https://example.hu/a'; /* spec §4 */",
      'const pattern = /["/]/; // after a pattern',
    ].join('\n');
    expect(scriptComments(sample).map((comment) => comment.text.trim())).toEqual([
      'why: one STYLE.md rule',
      'spec §4',
      'after a pattern',
    ]);
  });

  it('never points to a document or a path outside the repository', () => {
    const problems = comments.flatMap(({ file, line, text }) =>
      outsideReferences(file, text).map(
        (problem) => `${file}:${line} ${problem}: ${text.trim().slice(0, 100)}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it('names only sections that exist when it cites README.md, ARCHITECTURE.md or CONTRIBUTING.md', () => {
    const sections = new Map(DOCUMENTS.map((document) => [document, headings(document)]));
    const citations = comments.flatMap(({ file, line, text }) =>
      // A citation may wrap onto the comment's next line.
      [
        ...text
          .replace(/\s*\n\s*(?:\*(?!\/)|\/\/)?\s*/g, ' ')
          .matchAll(/\b(README|ARCHITECTURE|CONTRIBUTING)\.md, "([^"]+)"/g),
      ].map((match) => ({
        where: `${file}:${line}`,
        document: `${match[1]}.md` as (typeof DOCUMENTS)[number],
        section: match[2] ?? '',
      })),
    );
    expect(citations.length).toBeGreaterThan(0);
    const missing = citations
      .filter(({ document, section }) => !sections.get(document)?.has(section))
      .map(({ where, document, section }) => `${where} cites "${section}", which ${document} does not have`);
    expect(missing).toEqual([]);
  });

  it('has the documents it cites, linked from the README', () => {
    for (const document of DOCUMENTS) expect(existsSync(path.join(ROOT, document))).toBe(true);
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('](ARCHITECTURE.md)');
    expect(readme).toContain('](CONTRIBUTING.md)');
  });
});
