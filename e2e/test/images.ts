/** A 2×2 PNG in base64, as the media upload takes it: small enough to keep journeys fast. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

/** The same picture as bytes, for a file chooser. */
export const TINY_PNG = Buffer.from(TINY_PNG_BASE64, 'base64');
