/**
 * Barion's error answer: `{"Errors":[{ErrorCode, Title, Description, EndPoint, HappenedAt}]}`, HTTP 400 or 401.
 * A client treats any non-empty `Errors` as a failure, so every refusal of the stand-in takes this shape.
 */

export type BarionErrorCode =
  | 'ModelValidationError'
  | 'AuthenticationFailed'
  | 'NotExistingPaymentId'
  | 'PaymentStatusNotValid'
  | 'TransactionDoesNotBelongToPayment'
  | 'InvalidTransactionType'
  | 'TooManyRequests';

export type BarionErrorDetail = { ErrorCode: BarionErrorCode; Title: string; Description: string };

export type BarionErrorEntry = BarionErrorDetail & { EndPoint: string; HappenedAt: string };

export class BarionApiError extends Error {
  override readonly name = 'BarionApiError';

  constructor(
    readonly httpStatus: number,
    readonly details: BarionErrorDetail[],
  ) {
    super(details.map((detail) => `${detail.ErrorCode}: ${detail.Description}`).join('; '));
  }
}

export function modelValidationError(details: { title: string; description: string }[]): BarionApiError {
  return new BarionApiError(
    400,
    details.map(({ title, description }) => ({
      ErrorCode: 'ModelValidationError',
      Title: title,
      Description: description,
    })),
  );
}

export function authenticationFailed(): BarionApiError {
  return new BarionApiError(401, [
    {
      ErrorCode: 'AuthenticationFailed',
      Title: 'Authentication failed.',
      Description: 'The POSKey is missing or does not belong to a shop of this environment.',
    },
  ]);
}

export function notExistingPaymentId(paymentId: string): BarionApiError {
  return new BarionApiError(400, [
    {
      ErrorCode: 'NotExistingPaymentId',
      Title: 'Payment not found.',
      Description: `There is no payment with the id "${paymentId}".`,
    },
  ]);
}

/** Barion documents only the status and "Too many requests" for the 429; the code is the stand-in's own. */
export function tooManyRequests(): BarionApiError {
  return new BarionApiError(429, [
    {
      ErrorCode: 'TooManyRequests',
      Title: 'Too many requests',
      Description: 'Only 2 state requests per payment are accepted in any 5 seconds.',
    },
  ]);
}

/** `endPoint` is the URL without its query string, which may carry the POSKey. */
export function errorBody(error: BarionApiError, endPoint: string, happenedAt: string) {
  return {
    Errors: error.details.map(
      (detail): BarionErrorEntry => ({ ...detail, EndPoint: endPoint, HappenedAt: happenedAt }),
    ),
  };
}
