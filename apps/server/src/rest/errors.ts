import { DomainError, type ErrorBody, MESSAGES, toErrorBody, toHttpStatus } from '@shop/api';

/** Status and body of a failed REST call, from the api's one error table. Internal failures answer a
 * generic Hungarian message; their message and stack stay in the log. */
export function toRestError(error: unknown): { status: number; body: ErrorBody } {
  return { status: toHttpStatus(error), body: toErrorBody(error) };
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
