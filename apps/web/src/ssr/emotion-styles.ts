import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * Marks the style elements a server render wrote into the head: "global" on Chakra's global styles
 * (its layer order, reset, base styles and token variables), the inserted names on the class styles.
 * Not Emotion's own `data-emotion`: Emotion in the browser takes such elements over by moving them
 * within the head, and a moved style sheet makes the browser restyle the whole page (a phone's main
 * thread held for a tenth of a second, twice, while the page starts).
 */
const SERVER_STYLES = 'data-server-styles';
const GLOBAL = 'global';

/**
 * An Emotion cache for one server render that collects the page's styles instead of writing a
 * `<style>` before every element (Emotion's default on the server). A page had some 130 of them
 * through its body, and each made the browser recompute styles while it read the page.
 */
export function createStyleCollector(): EmotionCache {
  const cache = createCache({ key: 'css' });
  // In "compat" mode the server keeps each rule in `inserted` and renders no inline style elements.
  cache.compat = true;
  return cache;
}

/** The collected styles as `<style>` elements for the page's head: the global ones, then the classes. */
export function styleTags(cache: EmotionCache): string {
  const globals: string[] = [];
  const classNames: string[] = [];
  let classRules = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string' || rules === '') continue;
    // A class style's rules name its class; keyframes are used by name from class styles.
    if (rules.includes(`.${cache.key}-${name}`) || rules.startsWith('@keyframes')) {
      classNames.push(name);
      classRules += rules;
    } else {
      globals.push(`<style ${SERVER_STYLES}="${GLOBAL}">${rules}</style>`);
    }
  }
  const classes = classNames.length
    ? `<style ${SERVER_STYLES}="${classNames.join(' ')}">${classRules}</style>`
    : '';
  return globals.join('') + classes;
}

/**
 * In the browser, on a server-rendered page: an Emotion cache that knows the server's class styles
 * are in place (so it does not insert them again) and leaves their elements where they are. Undefined
 * on a page the browser renders itself.
 */
export function adoptServerStyles(): EmotionCache | undefined {
  const elements = document.head.querySelectorAll(`style[${SERVER_STYLES}]`);
  if (elements.length === 0) return undefined;
  const cache = createCache({ key: 'css' });
  for (const element of elements) {
    const names = element.getAttribute(SERVER_STYLES) ?? '';
    if (names === GLOBAL) continue;
    for (const name of names.split(' ')) cache.inserted[name] = true;
  }
  return cache;
}
