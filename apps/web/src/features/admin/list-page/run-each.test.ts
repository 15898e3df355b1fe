import { describe, expect, it } from 'vitest';
import { runEach } from './run-each';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runEach', () => {
  it('never runs more than the limit at once, and runs every item', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runEach([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
      done.push(item);
    });
    expect(most).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('goes on past a refusal and reports which items succeeded and which failed, in their order', async () => {
    const refusal = new Error('Nem található.');
    const outcome = await runEach([10, 11, 12, 13], 2, async (item) => {
      await tick();
      if (item === 11) throw refusal;
    });
    expect(outcome.succeeded).toEqual([10, 12, 13]);
    expect(outcome.failed).toEqual([{ item: 11, error: refusal }]);
  });

  it('does nothing for no items', async () => {
    expect(await runEach([], 4, async () => {})).toEqual({ succeeded: [], failed: [] });
  });
});
