// Writes src/routeTree.gen.ts (gitignored) without a Vite build, so a fresh clone can typecheck.
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
const generator = new Generator({ config: getConfig({}, root), root });
await generator.run();
