import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';

/** Awaits a call that must fail and checks its tRPC code (hence HTTP status) and Hungarian message. */
export async function expectTrpcError(
  promise: Promise<unknown>,
  code: TRPCError['code'],
  message?: string | RegExp,
): Promise<TRPCError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `a ${code} hibát várt`).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe(code);
  if (message) expect((error as TRPCError).message).toMatch(message);
  return error as TRPCError;
}
