import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_VERSION, buildOpenApiDocument } from '../src/openapi';

/**
 * The document's version moves only with a changelog entry: CHANGELOG.md at the repository root has a
 * `## <version>` section for the version the document says, and it is the newest one, at the top.
 */
const changelog = readFileSync(path.resolve(import.meta.dirname, '../../../CHANGELOG.md'), 'utf8');
const versions = [...changelog.matchAll(/^## (\S+)\s*$/gm)].map((match) => match[1]);

describe('the API version and its changelog', () => {
  it('is the version of the OpenAPI document, a semver number', () => {
    expect(buildOpenApiDocument({ baseUrl: '/api' }).info.version).toBe(API_VERSION);
    expect(API_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('has a section of its own in CHANGELOG.md, the first one, with what changed', () => {
    expect(versions, `CHANGELOG.md has no "## ${API_VERSION}" section`).toContain(API_VERSION);
    expect(versions[0]).toBe(API_VERSION);
    const start = changelog.indexOf(`## ${API_VERSION}\n`);
    const next = changelog.indexOf('\n## ', start + 1);
    const section = changelog.slice(start, next < 0 ? undefined : next);
    expect(section).toMatch(/^- /m);
  });

  it('lists versions newest first, each once', () => {
    const numbers = versions.map((version) => (version ?? '').split('.').map(Number));
    const newer = (x: number[], y: number[]) =>
      (y[0] ?? 0) - (x[0] ?? 0) || (y[1] ?? 0) - (x[1] ?? 0) || (y[2] ?? 0) - (x[2] ?? 0);
    expect(numbers).toEqual([...numbers].sort(newer));
    expect(new Set(versions).size).toBe(versions.length);
  });
});
