import { TRPCClientError } from '@trpc/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

const { toastErrorSpy } = vi.hoisted(() => ({ toastErrorSpy: vi.fn() }));
vi.mock('@shop/ui', () => ({ toaster: { error: toastErrorSpy } }));

function failure(httpStatus: number, message: string) {
  return TRPCClientError.from({ error: { code: -32600, message, data: { httpStatus } } });
}

async function failMutation(error: Error, meta?: { errorTitle?: string; toastError?: false }) {
  const client = createQueryClient();
  const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(error), meta });
  await mutation.execute(undefined).catch(() => undefined);
}

describe('the one mutation error handler', () => {
  beforeEach(() => toastErrorSpy.mockClear());

  it("toasts the server's message under the mutation's title", async () => {
    await failMutation(failure(409, 'Ez a kód már foglalt.'), { errorTitle: 'A mentés nem sikerült.' });
    expect(toastErrorSpy).toHaveBeenCalledWith({
      title: 'A mentés nem sikerült.',
      description: 'Ez a kód már foglalt.',
    });
  });

  it('says the action failed when the mutation named no title', async () => {
    await failMutation(failure(500, 'Váratlan hiba.'));
    expect(toastErrorSpy).toHaveBeenCalledWith({
      title: 'A művelet nem sikerült.',
      description: 'Váratlan hiba.',
    });
  });

  it('stays quiet on an expired session: the session alert has spoken', async () => {
    await failMutation(failure(401, 'Lejárt.'), { errorTitle: 'A mentés nem sikerült.' });
    expect(toastErrorSpy).not.toHaveBeenCalled();
  });

  it('stays quiet for a mutation that shows its own failure', async () => {
    await failMutation(failure(400, 'Hibás adat.'), { toastError: false });
    expect(toastErrorSpy).not.toHaveBeenCalled();
  });
});
