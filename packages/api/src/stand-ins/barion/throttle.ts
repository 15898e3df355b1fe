/**
 * Barion's rule for the state endpoint: only the first 2 requests per PaymentId in any 5-second
 * window are answered, further ones get HTTP 429. Only answered requests count,
 * so a client that backs off for 5 seconds is served again.
 */
export function createStateThrottle({
  now,
  limit = 2,
  windowMs = 5_000,
}: {
  now: () => number;
  limit?: number;
  windowMs?: number;
}) {
  const answeredAt = new Map<string, number[]>();

  return {
    /** True, and counted, when a state request for this payment may be answered now. */
    tryAcquire(paymentId: string): boolean {
      const at = now();
      const recent = (answeredAt.get(paymentId) ?? []).filter((time) => at - time < windowMs);
      if (recent.length >= limit) {
        answeredAt.set(paymentId, recent);
        return false;
      }
      answeredAt.set(paymentId, [...recent, at]);
      return true;
    },
  };
}
