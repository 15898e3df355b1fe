// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captureEarlyInput } from './capture';
import { replayEarlyInput } from './replay';

/** What the app's own handlers saw, in order. */
let done: string[] = [];

function button(name: string, onClick?: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.textContent = name;
  // The app's handler, as React's root listener would call it: after the inline script's capture.
  element.addEventListener('click', () => {
    done.push(name);
    onClick?.();
  });
  document.getElementById('root')?.append(element);
  return element;
}

describe('replayEarlyInput', () => {
  beforeAll(() => {
    document.body.innerHTML = '<div id="root"></div>';
    captureEarlyInput({
      consentKey: 'consent',
      consentVersion: '1',
      consentMaxAgeMs: 1,
      consentDecidedAttribute: 'data-consent-decided',
      consentDecidesAttribute: 'data-consent-decides',
      mainContentId: 'tartalom',
    });
  });

  afterEach(() => {
    done = [];
  });

  it('hides the cookie banner at once for an early tap on a deciding button, and keeps the tap for the app', () => {
    const early = window.__earlyInput;
    if (!early) throw new Error('the inline script did not run');
    const main = document.createElement('main');
    main.id = 'tartalom';
    main.tabIndex = -1;
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.getElementById('root')?.append(main, dialog);
    const settings = button('Beállítások');
    const reject = button('Összes elutasítása');
    reject.setAttribute('data-consent-decides', '');
    dialog.append(settings, reject);

    settings.click();
    expect(document.documentElement.hasAttribute('data-consent-decided')).toBe(false);
    // Pressed from the keyboard: the focus was on the button, and goes on to the content with the banner.
    reject.focus();
    reject.click();
    expect(document.documentElement.hasAttribute('data-consent-decided')).toBe(true);
    expect(document.activeElement).toBe(main);
    // Recorded by the app's own handler when it wakes, in order, like any other early tap.
    expect(done).toEqual([]);
    expect(early.actions.map((action) => action.element)).toEqual([settings, reject]);
    early.actions.length = 0;
    document.documentElement.removeAttribute('data-consent-decided');
    main.remove();
    dialog.remove();
  });

  it('carries out the taps kept before the app woke in order, and a tap made meanwhile after them', async () => {
    const early = window.__earlyInput;
    if (!early) throw new Error('the inline script did not run');
    const cart = button('Kosárba');
    // While the colour is carried out, the shopper taps "Kosárba"; the size is still in the queue.
    const colour = button('kék', () => queueMicrotask(() => cart.click()));
    const size = button('M');

    colour.click();
    size.click();
    expect(done).toEqual([]);
    expect(early.actions).toHaveLength(2);

    await replayEarlyInput(early);

    expect(done).toEqual(['kék', 'M', 'Kosárba']);
    expect(early.awake).toBe(true);
    expect(document.documentElement.hasAttribute('data-awake')).toBe(true);
    // Awake: the app answers taps itself, at once.
    size.click();
    expect(done).toEqual(['kék', 'M', 'Kosárba', 'M']);
  });
});
