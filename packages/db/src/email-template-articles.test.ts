import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsDir } from './paths';
import { createPGlite } from './pglite';

// The data step of migration 20261127122421_email_template_articles: templates an existing shop stores keep their text,
// only "A(z)" / "a(z)" right before a placeholder loses its "(z)" (the renderer picks the article).
let pglite: Awaited<ReturnType<typeof createPGlite>>;

beforeAll(async () => {
  pglite = await createPGlite();
  await pglite.exec(
    'CREATE TABLE "EmailTemplate" (key TEXT PRIMARY KEY, "subject" TEXT NOT NULL, "bodyHtml" TEXT NOT NULL)',
  );
});

afterAll(async () => {
  await pglite?.close();
});

it('writes the article before a placeholder plainly and leaves every other text alone', async () => {
  await pglite.query('INSERT INTO "EmailTemplate" VALUES ($1, $2, $3), ($4, $5, $6)', [
    'order_shipped',
    'A(z) {{orderNumber}} számú rendelésed úton van',
    '<p>A(z) <strong>{{orderNumber}}</strong> számú rendelésedet a(z) {{email}} címre írtuk; a(z) alma marad.</p>',
    'own',
    'Saját levél',
    '<p>Ma(z) {{x}} és a(z) Kék Bögre</p>',
  ]);
  const sql = await readFile(
    join(migrationsDir, '20261127122421_email_template_articles', 'migration.sql'),
    'utf8',
  );
  await pglite.exec(sql);
  const rows = await pglite.query<{ key: string; subject: string; bodyHtml: string }>(
    'SELECT key, "subject", "bodyHtml" FROM "EmailTemplate" ORDER BY key',
  );
  expect(rows.rows).toEqual([
    {
      key: 'order_shipped',
      subject: 'A {{orderNumber}} számú rendelésed úton van',
      bodyHtml:
        '<p>A <strong>{{orderNumber}}</strong> számú rendelésedet a {{email}} címre írtuk; a(z) alma marad.</p>',
    },
    { key: 'own', subject: 'Saját levél', bodyHtml: '<p>Ma(z) {{x}} és a(z) Kék Bögre</p>' },
  ]);
});
