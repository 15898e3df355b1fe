import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Database } from './index';

describe('createTestDatabase', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  it('gives every caller its own empty, migrated database', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    opened.push(first, second);
    await first.prisma.customerGroup.create({ data: { name: 'Csak az elsőben' } });
    expect(await first.prisma.customerGroup.count()).toBe(1);
    expect(await second.prisma.customerGroup.count()).toBe(0);
  });
});
