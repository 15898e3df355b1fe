import { prepareTestDatabaseTemplate } from './index';

/** Vitest global setup of the database suites: the migrated template exists before any test file starts. */
export default async function setup(): Promise<void> {
  await prepareTestDatabaseTemplate();
}
