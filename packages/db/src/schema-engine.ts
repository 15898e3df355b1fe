// The only place that touches Prisma's schema engine. Its WASM build is driven
// directly because the CLI wants a native engine this network cannot download
// (see STACK.md). The API is internal to Prisma: versions are pinned exactly.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
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

/** Runs `work` with an engine connected through the given driver adapter, and frees it afterwards. */
export async function withSchemaEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const schemaText = await readSchemaText();
  // engine.free() does not close the connections the engine opened, and one of
  // them holds the migration advisory lock; they are closed here instead (a pg
  // pool handed in stays open: its owner ends it, see openPostgres).
  const connections: Array<{ dispose(): Promise<void> }> = [];
  const tracked = Object.create(adapterFactory) as SqlMigrationAwareDriverAdapterFactory;
  tracked.connect = async () => {
    const adapter = await adapterFactory.connect();
    connections.push(adapter);
    return adapter;
  };
  tracked.connectToShadowDb = async () => {
    const adapter = await adapterFactory.connectToShadowDb();
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

/** The committed migrations, read from disk in the shape the engine expects. */
export async function readMigrationList(): Promise<MigrationList> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const lockPath = join(migrationsDir, 'migration_lock.toml');
  return {
    baseDir: migrationsDir,
    shadowDbInitScript: '',
    lockfile: { path: 'migration_lock.toml', content: await readFile(lockPath, 'utf8').catch(() => null) },
    migrationDirectories: await Promise.all(
      names.map(async (name) => ({
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: {
            tag: 'ok' as const,
            value: await readFile(join(migrationsDir, name, 'migration.sql'), 'utf8'),
          },
        },
      })),
    ),
  };
}

/** Applies every committed migration not yet applied, exactly as `prisma migrate deploy` would. */
export async function applyMigrations(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<string[]> {
  const migrationsList = await readMigrationList();
  return withSchemaEngine(adapterFactory, async (engine) => {
    const result = await engine.applyMigrations({ filters: noFilters, migrationsList });
    return result.appliedMigrationNames;
  });
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
