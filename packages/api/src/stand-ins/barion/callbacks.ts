/**
 * Server-to-server callbacks as Barion sends them: `POST {CallbackUrl}` (which
 * already carries `?paymentId=`) with the form body `paymentId=<id>`. Only an HTTP 200 within the
 * timeout counts as delivered; anything else is retried after the next delay of the schedule.
 * The test modes reproduce what goes wrong in real life: lost, doubled and reordered callbacks.
 */

export type CallbackMode = 'deliver' | 'drop' | 'duplicate' | 'hold';

export type CallbackAttempt = {
  paymentId: string;
  url: string;
  /** 1 for the first try, 2 for the first retry, … */
  attempt: number;
  /** When the attempt began, in the stand-in's clock (ms). */
  at: number;
  /** The receiver's HTTP status, or null when there was none. */
  status: number | null;
  /** Why no status came back (refused connection, timeout), or null. */
  error: string | null;
};

type Callback = { paymentId: string; url: string };

export type CallbackSenderOptions = {
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  now: () => number;
};

export function createCallbackSender({ retryDelaysMs, timeoutMs, now }: CallbackSenderOptions) {
  let mode: CallbackMode = 'deliver';
  const log: CallbackAttempt[] = [];
  const held: Callback[] = [];
  const retryTimers = new Set<NodeJS.Timeout>();
  const closing = new AbortController();

  async function post(callback: Callback): Promise<{ status: number | null; error: string | null }> {
    try {
      const response = await fetch(callback.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ paymentId: callback.paymentId }).toString(),
        // A redirect is an answer other than 200, not a place to follow.
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), closing.signal]),
      });
      await response.body?.cancel();
      return { status: response.status, error: null };
    } catch (error) {
      return { status: null, error: error instanceof Error ? describeFetchError(error) : String(error) };
    }
  }

  /** One try, and the retry it may schedule; never rejects. */
  async function attempt(callback: Callback, attemptNumber: number): Promise<void> {
    const at = now();
    const outcome = await post(callback);
    if (closing.signal.aborted) return;
    log.push({ ...callback, attempt: attemptNumber, at, ...outcome });
    if (outcome.status === 200) return;
    const delay = retryDelaysMs[attemptNumber - 1];
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      void attempt(callback, attemptNumber + 1);
    }, delay);
    timer.unref();
    retryTimers.add(timer);
  }

  return {
    log: log as readonly CallbackAttempt[],

    setMode(next: CallbackMode) {
      mode = next;
    },

    /** A payment event happened; what is sent depends on the mode at this moment. */
    notify(paymentId: string, url: string) {
      const callback = { paymentId, url };
      if (mode === 'drop') return;
      if (mode === 'hold') {
        held.push(callback);
        return;
      }
      void attempt(callback, 1);
      if (mode === 'duplicate') void attempt(callback, 1);
    },

    /** Sends the held callbacks one after another, so the receiver sees them in the chosen order. */
    async releaseHeld(order: 'arrival' | 'reverse' = 'arrival') {
      const releasing = held.splice(0);
      if (order === 'reverse') releasing.reverse();
      for (const callback of releasing) await attempt(callback, 1);
    },

    close() {
      closing.abort();
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      held.length = 0;
    },
  };
}

/** Node's fetch says only "fetch failed"; the cause (ECONNREFUSED, a timeout) is what helps. */
function describeFetchError(error: Error): string {
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name === 'TimeoutError' ? 'timeout' : error.message}${cause}`;
}

export type CallbackSender = ReturnType<typeof createCallbackSender>;
