// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';

const Part = () => null;

describe('lazyComponent', () => {
  it('imports its chunk once however often it is asked for', async () => {
    const load = vi.fn(async () => Part);
    const Lazy = lazyComponent(load);
    const [first, second] = await Promise.all([Lazy.load(), Lazy.load()]);
    await Lazy.load();
    expect(first).toBe(Part);
    expect(second).toBe(Part);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts the import in a task after the caller’s, so a route loader’s work and the import do not add up', async () => {
    const load = vi.fn(async () => Part);
    const Lazy = lazyComponent(load);
    const loading = Lazy.load();
    // Microtasks of the calling task: the import must not have started within them.
    await Promise.resolve();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    await loading;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a chunk failed to arrive', async () => {
    const load = vi
      .fn<() => Promise<typeof Part>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))
      .mockResolvedValueOnce(Part);
    const Lazy = lazyComponent(load);
    await expect(Lazy.load()).rejects.toThrow('Failed to fetch');
    await expect(Lazy.load()).resolves.toBe(Part);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
