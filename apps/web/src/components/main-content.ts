/**
 * The id of each layout's <main> (tabIndex -1): the skip link's target, and where the focus goes when a
 * dialog it was in goes away (the cookie banner). Apart from skip-link.tsx so the page's first inline
 * script (early-input/capture.ts, configured by the build) can name it without React.
 */
export const MAIN_CONTENT_ID = 'tartalom';
