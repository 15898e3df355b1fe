// The only place that touches Prisma's schema engine. Its WASM build is driven
// directly because the CLI wants a native engine this network cannot download
// (see STACK.md). The API is internal to Prisma: versions are pinned exactly.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { DiffTarget, MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';
import { migrationsDir, schemaPath } from './paths';

type EngineModule = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');

// Node has WebAssembly, but the ES libs our server code compiles against do not declare it.
type WasmRuntime = {
  compile(bytes: Uint8Array): Promise<unknown>;
  instantiate(
    module: unknown,
    imports: Record<string, unknown>,
  ): Promise<{ exports: Record<string, unknown> }>;
};
const wasmRuntime = (globalThis as unknown as { WebAssembly: WasmRuntime }).WebAssembly;

let engineModule: Promise<EngineModule> | undefined;

// The engine reports a Rust panic through this global before it throws; keeping
// the message turns an opaque "unreachable" into a readable error.
let lastPanicMessage: string | undefined;
(globalThis as unknown as { PRISMA_WASM_PANIC_REGISTRY: unknown }).PRISMA_WASM_PANIC_REGISTRY = {
  set_message(message: string) {
    lastPanicMessage = message;
  },
};

function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const bindings = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const require = createRequire(import.meta.url);
    const wasmPath = join(
      dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')),
      'schema_engine_bg.wasm',
    );
    const compiled = await wasmRuntime.compile(await readFile(wasmPath));
    const instance = await wasmRuntime.instantiate(compiled, { './schema_engine_bg.js': bindings });
    const exports = instance.exports as unknown as { __wbindgen_start(): void };
    bindings.__wbg_set_wasm(instance.exports as never);
    exports.__wbindgen_start();
    return bindings;
  })();
  return engineModule;
}

export const noFilters = { externalTables: [], externalEnums: [] };

export async function readSchemaText(): Promise<string> {
  return readFile(schemaPath, 'utf8');
}

/** The embedded database's driver adapter, as it names itself. */
const PGLITE_ADAPTER = 'pglite-prisma-adapter';

/** What pglite-prisma-adapter's connection holds besides the driver adapter interface. */
type PGliteConnection = SqlDriverAdapter & {
  client: { exec(script: string): Promise<unknown> };
  onError(error: unknown): never;
};

/**
 * pglite-prisma-adapter 0.7.2 starts a migration's script without waiting for it (its `executeScript`
 * resolves before `client.exec` ends): a failing migration was recorded as applied with none of its
 * changes, and its error escaped as an unhandled rejection. Here the script is awaited and its error
 * passed on as the adapter passes a query's, so the engine records the migration as failed, as on
 * PostgreSQL. PGlite sends the script as one simple query, which PostgreSQL runs in one implicit
 * transaction (none of our migrations commits by itself), so a script that failed changed nothing:
 * `onFailure` hears of it.
 */
function awaitEmbeddedScripts(adapter: SqlDriverAdapter, onFailure: () => void): SqlDriverAdapter {
  if (adapter.adapterName !== PGLITE_ADAPTER) return adapter;
  const connection = adapter as PGliteConnection;
  connection.executeScript = async (script) => {
    try {
      await connection.client.exec(script);
    } catch (error) {
      onFailure();
      connection.onError(error);
    }
  };
  return connection;
}

/** Runs `work` with an engine connected through the given driver adapter, and frees it afterwards. */
export async function withSchemaEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  work: (engine: SchemaEngine) => Promise<T>,
  onEmbeddedScriptFailure: () => void = () => {},
): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const schemaText = await readSchemaText();
  // engine.free() does not close the connections the engine opened, and one of
  // them holds the migration advisory lock; they are closed here instead (a pg
  // pool handed in stays open: its owner ends it, see openPostgres).
  const connections: Array<{ dispose(): Promise<void> }> = [];
  const tracked = Object.create(adapterFactory) as SqlMigrationAwareDriverAdapterFactory;
  tracked.connect = async () => {
    const adapter = awaitEmbeddedScripts(await adapterFactory.connect(), onEmbeddedScriptFailure);
    connections.push(adapter);
    return adapter;
  };
  tracked.connectToShadowDb = async () => {
    const adapter = awaitEmbeddedScripts(await adapterFactory.connectToShadowDb(), onEmbeddedScriptFailure);
    connections.push(adapter);
    return adapter;
  };
  const engine = await SchemaEngine.new(
    { datamodels: [[schemaPath, schemaText]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(tracked),
  );
  try {
    return await work(engine);
  } catch (error) {
    if (lastPanicMessage) {
      const message = lastPanicMessage;
      lastPanicMessage = undefined;
      throw new Error(`Prisma schema engine panicked: ${message}`, { cause: error });
    }
    throw error;
  } finally {
    engine.free();
    await Promise.all(connections.map((connection) => connection.dispose()));
  }
}

/** The committed migrations (or those of `dir`), read from disk in the shape the engine expects. */
export async function readMigrationList(dir: string = migrationsDir): Promise<MigrationList> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const lockPath = join(dir, 'migration_lock.toml');
  return {
    baseDir: dir,
    shadowDbInitScript: '',
    lockfile: { path: 'migration_lock.toml', content: await readFile(lockPath, 'utf8').catch(() => null) },
    migrationDirectories: await Promise.all(
      names.map(async (name) => ({
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: {
            tag: 'ok' as const,
            value: await readFile(join(dir, name, 'migration.sql'), 'utf8'),
          },
        },
      })),
    ),
  };
}

/**
 * Applies every committed migration (or those of `dir`) not yet applied, exactly as `prisma migrate
 * deploy` would: a migration that fails stops the others, and the engine's error names it and carries
 * the database's message.
 *
 * On PostgreSQL the failed migration stays recorded as failed, and no version starts until it is marked
 * rolled back (a statement in a SQL console, as `prisma migrate resolve --rolled-back` would). The
 * embedded database has no console at hand, but there the failed script changed nothing (see
 * awaitEmbeddedScripts), so it is marked rolled back at once: the previous version starts, and the
 * next start retries it.
 */
export async function applyMigrations(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  dir: string = migrationsDir,
): Promise<string[]> {
  const migrationsList = await readMigrationList(dir);
  let embeddedScriptFailed = false;
  try {
    return await withSchemaEngine(
      adapterFactory,
      async (engine) => {
        const result = await engine.applyMigrations({ filters: noFilters, migrationsList });
        return result.appliedMigrationNames;
      },
      () => {
        embeddedScriptFailed = true;
      },
    );
  } catch (error) {
    if (!embeddedScriptFailed) throw error;
    const names = await rollBackFailedMigrations(adapterFactory);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${message}\nA beépített adatbázisban a(z) ${names.join(', ')} migráció egy tranzakcióban futott, ` +
        'így semmit nem változtatott, és visszavontnak jelöltük: ha a fenti üzenet kéri a visszavontnak ' +
        'jelölését, az már megtörtént. Az előző verzió elindul; ez a verzió a következő indításkor újra megpróbálja.',
      { cause: error },
    );
  }
}

/**
 * Marks the migrations recorded as failed rolled back, and names them. Called only right after an
 * embedded script failed: the engine applies nothing while a migration is recorded as failed, so the
 * one it recorded just now is the only one.
 */
async function rollBackFailedMigrations(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<string[]> {
  const connection = await adapterFactory.connect();
  try {
    const result = await connection.queryRaw({
      sql: `UPDATE "_prisma_migrations" SET "rolled_back_at" = now()
        WHERE "finished_at" IS NULL AND "rolled_back_at" IS NULL RETURNING "migration_name"`,
      args: [],
      argTypes: [],
    });
    return result.rows.map((row) => String(row[0]));
  } finally {
    await connection.dispose();
  }
}

/** The SQL that turns `from` into `to`; empty string when they already match. */
export async function diffSql(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  from: DiffTarget,
  to: DiffTarget,
): Promise<string> {
  return withSchemaEngine(adapterFactory, async (engine) => {
    const result = await engine.diff({ from, to, script: true, exitCode: null, filters: noFilters });
    const sql = (result as { stdout?: string }).stdout ?? '';
    return sql.includes('This is an empty migration') ? '' : sql;
  });
}

export function schemaDatamodelTarget(schemaText: string): DiffTarget {
  return { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: schemaText }] };
}

/** The live database the engine is connected to, introspected. */
export function liveDatabaseTarget(schemaText: string): DiffTarget {
  return {
    tag: 'schemaDatasource',
    files: [{ path: schemaPath, content: schemaText }],
    configDir: migrationsDir,
  };
}

/** SQL that would bring the connected database to schema.prisma; empty when they match. */
export async function driftSql(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string> {
  const schemaText = await readSchemaText();
  return diffSql(
    readCatalogCharAsText(adapterFactory),
    liveDatabaseTarget(schemaText),
    schemaDatamodelTarget(schemaText),
  );
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

type QueryResultWithFields = { fields?: Array<{ dataTypeID: number }> };
type AdapterWithPerformIO = { performIO?: (query: unknown) => Promise<QueryResultWithFields> };

/**
 * Introspection reads PostgreSQL catalogue columns of the one-byte type "char"
 * (e.g. pg_class.relkind), which @prisma/adapter-pg refuses to map. Their values
 * arrive as strings anyway, so they are declared as text before the adapter
 * maps the column types.
 */
function readCatalogCharAsText(
  factory: SqlMigrationAwareDriverAdapterFactory,
): SqlMigrationAwareDriverAdapterFactory {
  // The embedded database's adapter maps "char" itself, and the engine expects it so.
  if (factory.adapterName !== '@prisma/adapter-pg') return factory;
  const patch = <A>(adapter: A): A => {
    const target = adapter as AdapterWithPerformIO;
    const performIO = target.performIO?.bind(adapter);
    if (performIO) {
      target.performIO = async (query) => {
        const result = await performIO(query);
        for (const field of result.fields ?? []) {
          if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
        }
        return result;
      };
    }
    return adapter;
  };
  const wrapped = Object.create(factory) as SqlMigrationAwareDriverAdapterFactory;
  wrapped.connect = async () => patch(await factory.connect());
  wrapped.connectToShadowDb = async () => patch(await factory.connectToShadowDb());
  return wrapped;
}
