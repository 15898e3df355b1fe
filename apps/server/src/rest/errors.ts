import {
  DomainError,
  type ErrorBody,
  MESSAGES,
  retryAfterSeconds,
  toErrorBody,
  toHttpStatus,
} from '@shop/api';

/** Status, headers and body of a failed REST call, from the api's one error table. Internal failures
 * answer a generic Hungarian message; their message and stack stay in the log. A refusal that knows
 * when the caller may try again (a 429 of a rate limit) says so in `Retry-After`, in seconds. */
export function toRestError(error: unknown): {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody;
} {
  return { status: toHttpStatus(error), headers: retryAfterHeaders([error]), body: toErrorBody(error) };
}

/** `Retry-After` for failures that say when to try again (the latest of them in a tRPC batch), else none. */
export function retryAfterHeaders(errors: readonly unknown[]): Record<string, string> {
  const seconds = errors.flatMap((error) => retryAfterSeconds(error) ?? []);
  return seconds.length === 0 ? {} : { 'retry-after': String(Math.max(...seconds)) };
}

/** Fastify's own failures (body too large, broken request, …) in the same shape. */
export function fromHttpStatus(status: number): DomainError {
  switch (status) {
    case 400:
      return new DomainError('invalid_input', MESSAGES.badRequest);
    case 404:
      return new DomainError('not_found', MESSAGES.notFound);
    case 413:
      return new DomainError('payload_too_large', MESSAGES.tooLarge);
    case 415:
      return new DomainError('unsupported_media_type', MESSAGES.unsupportedMediaType);
    default:
      return status >= 400 && status < 500
        ? new DomainError('invalid_input', MESSAGES.badRequest)
        : new DomainError('internal', MESSAGES.internal);
  }
}
