import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** Extensions the catalogue search relies on; a real PostgreSQL server ships them as contrib. */
const extensions = { pg_trgm, unaccent };

/** An embedded PostgreSQL in `dataDir`, or in memory when no directory is given. */
export async function createPGlite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions,
  });
  return pglite;
}
