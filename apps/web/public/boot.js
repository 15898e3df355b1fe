// The built page's only script (see paintBeforeApp in vite-plugins.ts). A server-rendered page is
// complete HTML, so the browser should paint it before the app's code is fetched and run: on a phone
// that code would hold the line and then the main thread while the shopper sees nothing. After the
// first paint this preloads the app's chunks side by side (and, on a server-rendered page, the chunks of
// its route, `data-route`, which the server writes in), then evaluates them a few at a time with the
// browser free to answer in between, and starts the app. A page opened in a background tab paints no
// frames, so there it starts at once.
const boot = document.querySelector('script[data-app]');
const list = (name) => (boot?.getAttribute(name) ?? '').split(' ').filter(Boolean);

function afterNextPaint() {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  // requestAnimationFrame runs just before a paint; a task queued from it runs after that paint.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** A new task, without the 4 ms a nested setTimeout waits. */
function yieldToBrowser() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Longest stretch of work before the browser gets a turn. A "long task" is over 50 ms on the phone
 * Lighthouse models, whose CPU is four times slower than a desktop's: about 12 ms here, and 6 ms on a
 * machine half as fast. A step is one chunk's evaluation, which cannot be cut, so the next one starts
 * in a new task once this much has run. React's scheduler works in slices of 2 ms (vite-plugins.ts).
 */
const SLICE_MS = 2;

/**
 * Links added at a time: each starts a fetch, and twenty took up to 25 ms here. Eight made a batch of
 * 7–9 ms after the first paint, a long task on a phone half as fast as Lighthouse's.
 */
const PRELOAD_BATCH = 4;

async function start(app) {
  await afterNextPaint();
  const route = list('data-route');
  // Not the entry, which is imported last: preloaded with the rest, its download (the largest chunk)
  // took bandwidth from the route's chunks and the largest image on a phone's network, and
  // Lighthouse's TBT and LCP both rose.
  const hrefs = [...list('data-preload'), ...route];
  for (let index = 0; index < hrefs.length; index += PRELOAD_BATCH) {
    if (index > 0) await yieldToBrowser();
    const preloads = document.createDocumentFragment();
    for (const href of hrefs.slice(index, index + PRELOAD_BATCH)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      preloads.append(link);
    }
    document.head.append(preloads);
  }
  let sliceStart = performance.now();
  for (const step of [...list('data-steps'), ...route]) {
    await import(step);
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToBrowser();
      sliceStart = performance.now();
    }
  }
  await import(app);
}

const app = boot?.getAttribute('data-app');
if (app) start(app);
