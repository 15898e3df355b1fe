// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSessionExpired, SESSION_EXPIRED_MESSAGE, sessionAwareFetch } from './session';
import { STORAGE_KEYS } from './storage';

describe('sessionAwareFetch', () => {
  const leave = vi.fn();
  const alert = vi.fn();

  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'lejart');
    // happy-dom has no alert(); the browser's one blocks, which the mock need not imitate.
    Object.defineProperty(window, 'alert', { value: alert, configurable: true, writable: true });
    onSessionExpired(leave);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    leave.mockReset();
    alert.mockReset();
    window.localStorage.clear();
  });

  const answer = (status: number) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status })),
    );

  it('on a 401 answer to a POST alerts, removes the token and leaves', async () => {
    answer(401);
    const response = await sessionAwareFetch('/trpc/user.signout', { method: 'POST' });

    expect(response.status).toBe(401);
    expect(alert).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(leave).toHaveBeenCalledOnce();
  });

  it('leaves a 401 answer to a GET to the caller', async () => {
    answer(401);
    await sessionAwareFetch('/trpc/user.details', { method: 'GET' });

    expect(alert).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('lejart');
  });

  it('ignores other failures of a POST', async () => {
    answer(403);
    await sessionAwareFetch('/api/category', { method: 'POST' });

    expect(alert).not.toHaveBeenCalled();
    expect(leave).not.toHaveBeenCalled();
  });
});
