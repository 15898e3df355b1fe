import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { getCategoryTree } from '../category';
import { getCatalogueIndex } from './in-memory-index';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

/** Every category snapshot gets a number, so cached answers never outlive a category change. */
const snapshotNumbers = new WeakMap<object, number>();
let nextSnapshotNumber = 1;

export async function categoryGeneration(deps: Deps): Promise<number> {
  const tree = await getCategoryTree(deps);
  let number = snapshotNumbers.get(tree);
  if (number === undefined) {
    number = nextSnapshotNumber++;
    snapshotNumbers.set(tree, number);
  }
  return number;
}

/**
 * Names the catalogue and category data this server answers from right now. It changes exactly
 * when either cache drops (a write here, or another server's write seen on the next poll), so an
 * answer stored under it is valid for as long as the value stays the same.
 */
export async function catalogueGeneration(deps: Deps): Promise<string> {
  const [index, categories] = await Promise.all([getCatalogueIndex(deps), categoryGeneration(deps)]);
  return `${index.generation}.${index.stockVersion}.${categories}`;
}
