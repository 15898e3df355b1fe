import type { Database } from '@shop/db';
import { seedDemoData } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hungarianArticle } from '../src/schemas/hungarian';

/**
 * Every text the seed writes (pages, e-mail templates, settings, the demo catalogue and blog) reads
 * naturally: "a" and "az" agree with the word or number after them, and no "a(z)" is left. The seed
 * cannot call hungarianArticle (packages/db imports nothing internal), so its values, such as the
 * company's e-mail address, are checked here after they are filled in.
 */

/** Where the article is right although the next word alone says otherwise. */
const READ_ALOUD = new Set([
  // The letter is read "iksz".
  'az X',
  // "az" as a pronoun: "hogy az már a teljesítéskor megvolt".
  'az már',
]);

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(db.prisma, { adminPassword: 'demo-jelszo-2026' });
}, 300_000);

afterAll(async () => {
  await db?.close();
});

async function seededTexts(): Promise<{ where: string; text: string }[]> {
  const columns = await db.prisma.$queryRaw<{ table: string; column: string }[]>`
    SELECT table_name AS table, column_name AS column FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type = 'text' AND table_name NOT LIKE '\\_prisma%'`;
  const texts: { where: string; text: string }[] = [];
  for (const { table, column } of columns) {
    const rows = await db.prisma.$queryRawUnsafe<{ value: string }[]>(
      `SELECT DISTINCT "${column}" AS value FROM "${table}" WHERE "${column}" IS NOT NULL`,
    );
    for (const row of rows) texts.push({ where: `${table}.${column}`, text: row.value });
  }
  return texts;
}

describe('the seeded texts', () => {
  it('put "a" or "az" as the next word or number asks, and never "a(z)"', async () => {
    const texts = await seededTexts();
    expect(texts.length).toBeGreaterThan(1000);
    const wrong: string[] = [];
    for (const { where, text } of texts) {
      const plain = text.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ');
      if (/\(z\)/i.test(plain)) wrong.push(`${where}: a(z)`);
      for (const match of plain.matchAll(/(?<![\p{L}\p{N}])(a|az|A|Az)\s+(\S+)/gu)) {
        const [phrase, article, next] = match as unknown as [string, string, string];
        // A placeholder's article follows its value when the e-mail is rendered.
        if (next.startsWith('{{') || READ_ALOUD.has(phrase)) continue;
        if (hungarianArticle(next) !== article.toLowerCase()) wrong.push(`${where}: „${phrase}”`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
