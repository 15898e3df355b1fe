import { defineConfig } from 'vitest/config';
import './vitest.shared';

/**
 * Every Vitest suite in one run. The database projects (db, api, server) share one pool of as many
 * workers as the machine has cores (`databaseTestConfig`); the small ui and web suites run in one
 * worker. Run as separate processes (one per package, side by side through turbo), each suite
 * started its own workers, each with an embedded PostgreSQL: on two cores four of them competed
 * and slow tests ran into their timeouts.
 */
export default defineConfig({
  test: {
    projects: ['packages/db', 'packages/api', 'packages/ui', 'apps/server', 'apps/web'],
  },
});
