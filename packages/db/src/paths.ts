import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const prismaDir = join(packageDir, 'prisma');
export const schemaPath = join(prismaDir, 'schema.prisma');
export const migrationsDir = join(prismaDir, 'migrations');
