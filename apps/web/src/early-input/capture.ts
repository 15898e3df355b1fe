/**
 * What the page's first script does, inline in the head before anything is painted (the build writes it
 * in: vite-plugins.ts, earlyInputScript). A server-rendered page shows its buttons seconds before the
 * app has woken up on a phone; a tap in between would do nothing, or half of something (a checkbox that
 * ticks but filters nothing). So until the app says it is awake, this keeps every tap on one of the
 * app's controls, every link followed in this tab and every form sent, and the app carries them out,
 * in order, once it can (replay.ts). A link or a GET form the browser followed by itself would be
 * cancelled the moment the waking app writes its history entry (the router's first replaceState), so
 * they wait too; without JavaScript they work as the real addresses they are.
 *
 * It also writes a cookie decision kept in this browser onto <html>, so the first paint's CSS hides the
 * banner the server draws for everyone.
 *
 * The function is serialised into the page by its source text, so it must stand alone: no imports,
 * no helpers from outside its body, only what every browser the shop supports runs.
 */

export type EarlyInputConfig = {
  /** localStorage key, policy version and maximum age of the cookie decision (consent-policy.ts). */
  consentKey: string;
  consentVersion: string;
  consentMaxAgeMs: number;
  /** Written on <html> when that decision still counts. */
  consentDecidedAttribute: string;
  /** On the banner's buttons that decide at once: an early tap on one hides the banner there and then. */
  consentDecidesAttribute: string;
  /** The page's <main>, where the focus goes on when the banner it was in is hidden. */
  mainContentId: string;
};

/** A tap or a form sent before the app was awake. */
export type EarlyAction =
  | { kind: 'click'; element: HTMLElement }
  | { kind: 'submit'; element: HTMLFormElement; submitter: HTMLElement | null };

/** Shared between the inline script and the app (window.__earlyInput). */
export type EarlyInput = {
  awake: boolean;
  actions: EarlyAction[];
  /**
   * What the shopper typed or chose per field, so the app can take it over: kept here because a
   * render right after hydration may write the field's empty state over it before the app looks.
   */
  changed: Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, string>;
};

export function captureEarlyInput(config: EarlyInputConfig): void {
  const html = document.documentElement;
  try {
    const consent = JSON.parse(window.localStorage.getItem(config.consentKey) ?? 'null') as {
      version?: string;
      decidedAt?: string;
    } | null;
    const age = Date.now() - Date.parse(consent?.decidedAt ?? '');
    if (consent?.version === config.consentVersion && age > -60_000 && age < config.consentMaxAgeMs)
      html.setAttribute(config.consentDecidedAttribute, '');
  } catch {
    // No storage (private mode): the first paint is a first visit's.
  }

  const early: EarlyInput = { awake: false, actions: [], changed: new Map() };
  (window as unknown as { __earlyInput: EarlyInput }).__earlyInput = early;

  /** Controls whose tap does something only the app can do. */
  const CONTROL =
    'button,[role=button],[role=tab],[role=checkbox],[role=radio],[role=switch],[role=option],[role=menuitem],' +
    'summary,label,input[type=checkbox],input[type=radio],input[type=submit],input[type=button]';

  const inApp = (node: EventTarget | null): node is Element =>
    node instanceof Element && node.closest('#root') !== null;

  /** A link this tap follows here: not one opened elsewhere (a modifier key, a target, a download). */
  const followedHere = (link: HTMLAnchorElement, event: MouseEvent): boolean =>
    event.button === 0 &&
    !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) &&
    (!link.target || link.target === '_self') &&
    !link.hasAttribute('download') &&
    link.origin === window.location.origin;

  document.addEventListener(
    'click',
    (event) => {
      if (early.awake || !inApp(event.target)) return;
      // The innermost of a link and a control is what the tap was meant for.
      const control = event.target.closest<HTMLElement>(`${CONTROL},a[href]`);
      if (!control || (control instanceof HTMLAnchorElement && !followedHere(control, event))) return;
      if (control instanceof HTMLLabelElement) {
        // A label of a text field only focuses it, which the browser does well on its own.
        const field = control.control;
        if (field && !(field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type))) return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      early.actions.push({ kind: 'click', element: control });
      // The cookie banner answers at once: a phone may take seconds more to wake and carry the tap out,
      // and a banner that stays over the page meanwhile looks like a tap that was lost.
      if (control.hasAttribute(config.consentDecidesAttribute)) {
        // A focus inside the hidden banner would drop to the page's body: on to the content, as the app
        // does when it closes the banner itself.
        const focusInBanner = control.closest('[role=dialog]')?.contains(document.activeElement) ?? false;
        html.setAttribute(config.consentDecidedAttribute, '');
        if (focusInBanner) document.getElementById(config.mainContentId)?.focus();
      }
    },
    true,
  );

  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (early.awake || !inApp(form) || !(form instanceof HTMLFormElement)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      early.actions.push({ kind: 'submit', element: form, submitter: (event as SubmitEvent).submitter });
    },
    true,
  );

  const remember = (event: Event) => {
    const field = event.target;
    if (early.awake || !inApp(field)) return;
    if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    )
      early.changed.set(field, field.value);
  };
  document.addEventListener('input', remember, true);
  document.addEventListener('change', remember, true);
}
