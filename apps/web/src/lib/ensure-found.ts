import { notFound } from '@tanstack/react-router';
import { isNotFoundError } from './trpc';

/** Loader helper: a 404 from the API becomes the router's not-found page instead of the error page. */
export async function ensureFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isNotFoundError(error)) throw notFound();
    throw error;
  }
}
