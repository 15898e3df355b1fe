import { createSystem, type SystemConfig } from '@chakra-ui/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type System = ReturnType<typeof createSystem>;
type Stepped = typeof createSystem & {
  steps?: (...configs: SystemConfig[]) => Generator<void, System, void>;
};

/** A fresh copy of the module, so each test starts before the shop's system is built. */
const loadSystemModule = async () => {
  vi.resetModules();
  return import('./system');
};

/** What the web app's build gives `createSystem`: its work in steps (here three, then the system). */
function* threeSteps(...configs: SystemConfig[]): Generator<void, System, void> {
  yield;
  yield;
  yield;
  return createSystem(...configs);
}

describe('building the shop’s style system ahead of its first render', () => {
  let pauses: number;
  const pause = async () => {
    pauses++;
  };

  beforeEach(() => {
    pauses = 0;
  });

  afterEach(() => {
    delete (createSystem as Stepped).steps;
  });

  it('pauses between the steps of the build, and the first render then uses what it built', async () => {
    (createSystem as Stepped).steps = threeSteps;
    const { getShopSystem, prepareShopSystem } = await loadSystemModule();
    await prepareShopSystem(pause);
    // Once after each of the three steps, once before the last: four short tasks, not one long one.
    expect(pauses).toBe(4);
    const system = getShopSystem();
    expect(system.getTokenCss()).toHaveProperty(['@layer tokens']);
    expect(getShopSystem()).toBe(system);
  });

  it('builds it at once where createSystem has no steps (the server, the tests)', async () => {
    const { getShopSystem, prepareShopSystem } = await loadSystemModule();
    await prepareShopSystem(pause);
    expect(pauses).toBe(1);
    expect(getShopSystem()).toBe(getShopSystem());
  });

  it('stops when a render built the system first, and keeps that one', async () => {
    (createSystem as Stepped).steps = threeSteps;
    const { getShopSystem, prepareShopSystem } = await loadSystemModule();
    let renderedWith: System | undefined;
    await prepareShopSystem(async () => {
      pauses++;
      renderedWith ??= getShopSystem();
    });
    expect(pauses).toBe(1);
    expect(getShopSystem()).toBe(renderedWith);
  });
});
