import createCache, { type EmotionCache } from '@emotion/cache';

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

/**
 * The collected styles as `<style>` elements for the page's head, in the form Emotion in the browser
 * takes over without inserting them again: the global ones (Chakra's reset, base styles, tokens) one
 * by one as `css-global <name>`, the class styles together as `css <name> <name> …`. `data-s` tells
 * Emotion they are already in the head: it would move them there otherwise, and a moved style element
 * is parsed again and restyles the whole page.
 */
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
      globals.push(`<style data-emotion="${cache.key}-global ${name}" data-s="">${rules}</style>`);
    }
  }
  const classes = classNames.length
    ? `<style data-emotion="${cache.key} ${classNames.join(' ')}" data-s="">${classRules}</style>`
    : '';
  return globals.join('') + classes;
}
