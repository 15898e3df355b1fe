/** How a bulk action went: the items it was done for, and the ones refused with the reason. */
export type EachOutcome<T> = { succeeded: T[]; failed: { item: T; error: unknown }[] };

/**
 * Runs `work` for every item, at most `limit` at a time, and collects each one's outcome instead of
 * stopping at the first refusal: a bulk action over operations that take one record (enable, disable)
 * reports how many went through, without flooding the server with one request per row at once.
 */
export async function runEach<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
): Promise<EachOutcome<T>> {
  const settled: PromiseSettledResult<unknown>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index] as T;
      try {
        settled[index] = { status: 'fulfilled', value: await work(item) };
      } catch (error) {
        settled[index] = { status: 'rejected', reason: error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  const outcome: EachOutcome<T> = { succeeded: [], failed: [] };
  settled.forEach((result, index) => {
    const item = items[index] as T;
    if (result.status === 'fulfilled') outcome.succeeded.push(item);
    else outcome.failed.push({ item, error: result.reason });
  });
  return outcome;
}
