/**
 * Ends the current task and continues in a new one, so the browser can paint and answer input in
 * between: `scheduler.yield()` where the browser has it, otherwise a message to ourselves (without
 * the 4 ms a nested `setTimeout` may wait). public/boot.js, which runs before the bundle and cannot
 * import it, has its own copy.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
