/** The searched text of /search/{query...}: the path after /search/, decoded, spaces tidied, at most 200 characters. */
export function searchTextFromSplat(splat: string | undefined): string {
  let text = splat ?? '';
  try {
    text = decodeURIComponent(text);
  } catch {
    // A malformed escape: search for the text as it came.
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

export const searchHref = (text: string): string => `/search/${encodeURIComponent(text.trim())}`;

/** The query field of the header's search form when the browser sends it itself: /search?q=… */
export const SEARCH_FORM_FIELD = 'q';
