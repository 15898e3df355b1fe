import type { DehydratedState } from '@tanstack/react-query';

/**
 * The data a server-rendered page was rendered with: TanStack Query's dehydrated cache, written into
 * the page as a JSON data block (never executed, so the Content-Security-Policy needs no inline script)
 * and read by the browser before it hydrates, so hydration asks the server for nothing again.
 */
export type ServerState = { queries: DehydratedState };

export const SERVER_STATE_ELEMENT_ID = 'shop-state';

/** The server's state when this page was rendered on the server, else null (a client-rendered screen). */
export function readServerState(doc: Document = document): ServerState | null {
  const element = doc.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as Partial<ServerState>;
    return state.queries ? { queries: state.queries } : null;
  } catch {
    return null;
  }
}
