// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_STATE_ELEMENT_ID } from '../ssr/server-state';
import { useBrowserValue } from './use-browser-value';

/** A stand-in for a stored choice: what the browser knows, and who listens to it. */
let stored = 'browser';
const listeners = new Set<() => void>();
const read = () => stored;
const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};
function change(next: string) {
  stored = next;
  for (const listener of listeners) listener();
}

const rendered: string[] = [];
function Probe() {
  const value = useBrowserValue(read, subscribe, 'server');
  rendered.push(value);
  return <p>{value}</p>;
}

let root: Root | undefined;
let container: HTMLElement;

beforeEach(() => {
  stored = 'browser';
  rendered.length = 0;
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

describe('useBrowserValue', () => {
  it('hydrates a server-rendered page with the server’s value, then takes the browser’s', async () => {
    const state = document.createElement('script');
    state.id = SERVER_STATE_ELEMENT_ID;
    document.body.append(state);
    // The server's HTML: rendered where the page's state element is, the hook gives the server's value.
    container.innerHTML = renderToString(<Probe />);
    expect(container.textContent).toBe('server');
    rendered.length = 0;
    const problems: unknown[] = [];

    await act(async () => {
      root = hydrateRoot(container, <Probe />, { onRecoverableError: (error) => problems.push(error) });
    });

    expect(problems).toEqual([]);
    expect(rendered[0]).toBe('server');
    expect(container.textContent).toBe('browser');
  });

  it('reads the browser’s value at once on a page the browser draws itself', async () => {
    await act(async () => {
      root = createRoot(container);
      root.render(<Probe />);
    });

    expect(rendered).toEqual(['browser']);
    expect(container.textContent).toBe('browser');
  });

  it('follows the value as it changes, and stops listening when the component goes', async () => {
    await act(async () => {
      root = createRoot(container);
      root.render(<Probe />);
    });
    await act(async () => change('changed'));
    expect(container.textContent).toBe('changed');

    act(() => root?.unmount());
    root = undefined;
    expect(listeners.size).toBe(0);
  });
});
