/**
 * Spreads `amount` forints over lines in proportion to their `weights` (their gross values) by the
 * largest remainder method: each line first gets the whole forints of its exact share, then the
 * forints left over go one each to the lines with the largest remainders (the earlier line on a tie).
 * The shares add up to `amount` exactly, and none is more than its line's weight while `amount` is
 * at most the weights' sum. BigInt because forints × forints outgrow a double's exact integers.
 */
export function distribute(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const big = BigInt(Math.min(amount, total));
  const whole = BigInt(total);
  const shares = weights.map((weight) => {
    const exact = big * BigInt(weight);
    return { share: Number(exact / whole), remainder: exact % whole };
  });
  let left = Math.min(amount, total) - shares.reduce((sum, line) => sum + line.share, 0);
  const byRemainder = shares
    .map((line, index) => ({ index, remainder: line.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]!.share += 1;
    left -= 1;
  }
  return shares.map((line) => line.share);
}
