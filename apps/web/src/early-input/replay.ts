import { yieldToBrowser } from '../lib/yield-to-browser';
import type { EarlyInput } from './capture';
import { markAwake } from './wake';

const VALUE_SETTERS = [HTMLInputElement, HTMLTextAreaElement, HTMLSelectElement].map(
  (type) => [type, Object.getOwnPropertyDescriptor(type.prototype, 'value')?.set] as const,
);

/**
 * Hands a value the shopper typed before the app woke to the field's React state (and back to the
 * field, if a render has emptied it meanwhile). React keeps what it last wrote per field and fires
 * onChange only when the field differs from it, so the field is first set to something else through
 * React's view of it, then to the typed text past it, and told it changed.
 */
function adoptTypedValue(
  field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  typed: string,
): void {
  if (!field.isConnected) return;
  if (field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type)) return;
  const setter = VALUE_SETTERS.find(([type]) => field instanceof type)?.[1];
  if (!setter) return;
  field.value = field instanceof HTMLSelectElement ? '' : `${typed}\u0000`;
  setter.call(field, typed);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Once the app has taken the page over: gives fields their typed values and carries out the taps and
 * forms kept meanwhile, each in its own task so React has rendered the one before (a quantity step,
 * then "Kosárba", adds the new quantity), and only then stops the inline script's capturing. A tap
 * made while the queue is carried out joins its end: answered at once, a "Kosárba" tapped after a
 * size still waiting in the queue found no size chosen and added nothing (a CI run under load).
 */
export async function replayEarlyInput(early: EarlyInput): Promise<void> {
  if (early.awake) return;
  for (const [field, typed] of early.changed) adoptTypedValue(field, typed);
  early.changed.clear();
  for (let action = early.actions.shift(); action; action = early.actions.shift()) {
    await yieldToBrowser();
    if (!action.element.isConnected) continue;
    // The inline script lets this one through: it is the app's own, carried out.
    early.awake = true;
    try {
      if (action.kind === 'click') action.element.click();
      else action.element.requestSubmit(action.submitter?.isConnected ? action.submitter : null);
    } finally {
      early.awake = false;
    }
  }
  // Typed while the queue ran: the fields were live, and React has those values already.
  early.changed.clear();
  markAwake(early);
}
