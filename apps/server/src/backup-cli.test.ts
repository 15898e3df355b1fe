import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { markServerStarting } from './backup-control';
import { REPO_ROOT } from './config';

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

describe('npm run backup beside a server that is starting', () => {
  it('refuses instead of opening the embedded database a second time', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-backup-cli-'));
    folders.push(dataDir);
    // What a server opening this folder has written (this test's process stands in for it: alive).
    await markServerStarting(dataDir);
    await mkdir(path.join(dataDir, 'pglite'));
    await writeFile(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    const cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/backup-cli.ts'), 'backup'],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(cli.stderr).toMatch(/^A szerver \(pid \d+\) most indul ezen az adatkönyvtáron/);
    expect(cli.status).toBe(2);
    // Nothing was opened or written: no backup folder appeared.
    expect(await readdir(dataDir)).toEqual(['backup-control.json', 'pglite']);
  }, 60_000);
});
