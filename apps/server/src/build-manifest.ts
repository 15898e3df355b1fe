/** Vite's build manifest (`dist/.vite/manifest.json`): each source file's chunk and the chunks it imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The chunks some route files need beyond the app's own, as URLs in the order to evaluate them. */
export type ChunkSteps = (sources: readonly string[]) => string[];

/**
 * Lists the chunks given source files need beyond the page's entry, a chunk after the chunks it
 * imports. A server-rendered page hands them to its start-up script (apps/web/public/boot.js), which
 * fetches them with the app's own chunks instead of after them. The entry's own chunks are worked
 * out once per build and each route's list once, since every page request asks.
 */
export function chunkSteps(manifest: BuildManifest): ChunkSteps {
  // The entry and what it imports are the app's own chunks, which every page loads anyway.
  const loaded = new Set<string>();
  const markLoaded = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const imported of manifest[key]?.imports ?? []) markLoaded(imported);
  };
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) markLoaded(key);

  const known = new Map<string, string[]>();
  return (sources) => {
    const cacheKey = sources.join('\n');
    const cached = known.get(cacheKey);
    if (cached) return cached;
    const seen = new Set(loaded);
    const steps: string[] = [];
    const visit = (key: string) => {
      const entry = manifest[key];
      if (!entry || seen.has(key)) return;
      seen.add(key);
      for (const imported of entry.imports ?? []) visit(imported);
      steps.push(`/${entry.file}`);
    };
    for (const source of sources) visit(source);
    known.set(cacheKey, steps);
    return steps;
  };
}

export function parseManifest(text: string): BuildManifest {
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null ? (parsed as BuildManifest) : {};
}
