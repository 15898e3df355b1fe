import { describe, expect, it } from 'vitest';
import { changelogSection, readChangelog, renderChangelog } from './changelog';

const LOG = `# API changelog

Intro with \`code\`.

## 1.1.0

### Added

- **Limits**: one
  wrapped line
- two <b>

## 1.0.0

- the start
`;

describe('the changelog reader', () => {
  it('cuts out one version’s section, up to the next version', () => {
    expect(changelogSection(LOG, '1.1.0')).toBe(
      '\n### Added\n\n- **Limits**: one\n  wrapped line\n- two <b>\n',
    );
    expect(changelogSection(LOG, '1.0.0')).toBe('\n- the start\n');
    expect(changelogSection(LOG, '1.1')).toBeNull();
  });

  it('renders headings, lists with wrapped lines, code and bold, escaping the rest', () => {
    expect(renderChangelog(changelogSection(LOG, '1.1.0') ?? '', 1)).toBe(
      '<h4>Added</h4>\n<ul><li><b>Limits</b>: one wrapped line</li><li>two &lt;b&gt;</li></ul>',
    );
    expect(renderChangelog(LOG)).toContain('<h1>API changelog</h1>\n<p>Intro with <code>code</code>.</p>');
  });

  it('reads nothing from a missing file', () => {
    expect(readChangelog('/nonexistent/CHANGELOG.md')).toBeNull();
    expect(readChangelog()).toMatch(/^# API changelog/);
  });
});
