import { notFound } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { isNotFoundError } from './trpc';

/** Where the API says a shopper may go instead of what was not found (a disabled product's category). */
export type NotFoundAlternative = { category: { title: string; urlPath: string } };

function alternativeOf(error: unknown): NotFoundAlternative | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as { alternative?: NotFoundAlternative | null } | undefined;
  return data?.alternative ?? undefined;
}

/** Loader helper: a 404 from the API becomes the router's not-found page instead of the error page. */
export async function ensureFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isNotFoundError(error)) throw notFound({ data: alternativeOf(error) });
    throw error;
  }
}
