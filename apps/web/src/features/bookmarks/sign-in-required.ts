/**
 * What the shop shows when a guest tries to bookmark, spelled exactly as the spec writes it. The same
 * text is BOOKMARK_SIGN_IN_REQUIRED in @shop/api/schemas (a test keeps them equal); it is repeated here
 * because that module would bring zod into the shop's chunks.
 */
export const BOOKMARK_SIGN_IN_REQUIRED = 'A funkcióh használatához kérjük jelentkezzen be!';
