import { toaster } from '@shop/ui';
import { errorMessage, isUnauthorizedError } from './trpc';

/**
 * Tells the user a call failed, with the server's Hungarian message. An expired session is left out:
 * `sessionAwareFetch` (lib/session.ts) has already shown its alert and left for the home page.
 */
export function toastError(title: string, error: unknown): void {
  if (isUnauthorizedError(error)) return;
  toaster.error({ title, description: errorMessage(error) });
}
