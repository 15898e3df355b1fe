import { DomainError } from '../errors';

const MAX_SLUG_LENGTH = 200;
/** Room for a "-123" suffix when the base is taken. */
const MAX_BASE_LENGTH = MAX_SLUG_LENGTH - 10;

/** "Új bögrék & poharak" → "uj-bogrek-poharak": accents stripped (á→a, ő→o, ű→u), lower case, dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/-+$/g, '');
}

/**
 * The first of base, base-2, base-3, … that `taken` does not contain. `taken` holds the
 * existing slugs that start with base, so one query answers the whole question.
 */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** The conflict every table with a unique slug answers, naming the field for the form. */
export function slugTakenError(slug: string): DomainError {
  const message = `Ez az URL-név már foglalt: ${slug}. Kérjük, adj meg másikat!`;
  return new DomainError('conflict', message, [{ path: 'slug', message }]);
}

/**
 * Refuses `slug` when another row of the owning table has it; `findOwner` looks it up with the
 * `where` given, which leaves out the row being edited (`exceptId`).
 */
export async function assertSlugFree(
  slug: string,
  exceptId: number | undefined,
  findOwner: (where: { slug: string; id?: { not: number } }) => Promise<unknown>,
): Promise<void> {
  const owner = await findOwner({ slug, ...(exceptId ? { id: { not: exceptId } } : {}) });
  if (owner) throw slugTakenError(slug);
}

/** A free slug made from a title; `slugsStartingWith` reads the owning table's slugs with that prefix. */
export async function uniqueSlugFromTitle(
  title: string,
  fallback: string,
  slugsStartingWith: (base: string) => Promise<Array<{ slug: string }>>,
): Promise<string> {
  const base = slugify(title) || fallback;
  const taken = await slugsStartingWith(base);
  return firstFreeSlug(
    base,
    taken.map((row) => row.slug),
  );
}
