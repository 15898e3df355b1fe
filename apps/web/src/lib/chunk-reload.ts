import { CHUNK_RELOAD_KEY } from './storage';

/**
 * As the specification asks, a page whose code failed to load reloads itself, at most once per this window,
 * so a broken deployment cannot loop.
 */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

/**
 * After a new deployment the old page asks for chunks that no longer exist; a reload fetches the new
 * build. Returns false when a reload already happened inside the guard window (then an error page shows).
 */
export function reloadOnceAfterChunkError(now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)) || 0;
  } catch {
    return false;
  }
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}

/** Vite reports a failed dynamic import preload with this event before the import rejects. */
export function installChunkErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceAfterChunkError()) event.preventDefault();
  });
}
