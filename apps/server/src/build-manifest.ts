/** Vite's build manifest (`dist/.vite/manifest.json`): each source file's chunk and the chunks it imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The chunks the given source files need beyond the page's entry, as URLs in the order to evaluate
 * them: a chunk after the chunks it imports. A server-rendered page hands them to its start-up script
 * (apps/web/public/boot.js), which fetches them with the app's own chunks instead of after them.
 */
export function chunkSteps(manifest: BuildManifest, sources: readonly string[]): string[] {
  // The entry and what it imports are the app's own chunks, which every page loads anyway.
  const seen = new Set<string>();
  const markLoaded = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) markLoaded(imported);
  };
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) markLoaded(key);

  const steps: string[] = [];
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    for (const imported of entry.imports ?? []) visit(imported);
    steps.push(`/${entry.file}`);
  };
  for (const source of sources) visit(source);
  return steps;
}

export function parseManifest(text: string): BuildManifest {
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null ? (parsed as BuildManifest) : {};
}
