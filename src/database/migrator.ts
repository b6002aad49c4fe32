/**
 * Applies and writes Prisma migrations with Prisma's own schema engine,
 * compiled to WebAssembly (`@prisma/schema-engine-wasm`), so migrations work
 * offline and at start-up. It reads the same `prisma/migrations/*` files and
 * records them in `_prisma_migrations` exactly as `prisma migrate deploy`
 * does, so on a machine with the native engine the usual `prisma migrate`
 * commands keep working on the same files.
 */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { parse as parseConnectionString } from 'pg-connection-string';
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, SqlQuery, SqlResultSet } from '@prisma/driver-adapter-utils';

type PrismaPgAdapter = Awaited<ReturnType<PrismaPg['connect']>>;
import type * as Engine from '@prisma/schema-engine-wasm/schema_engine_bg';

export const PRISMA_DIR = resolve(__dirname, '../../prisma');
const SCHEMA_PATH = join(PRISMA_DIR, 'schema.prisma');
const MIGRATIONS_DIR = join(PRISMA_DIR, 'migrations');
const NO_FILTER = { externalTables: [], externalEnums: [] };

type EngineModule = typeof Engine;
/** The slice of the WebAssembly API used here (this project compiles without DOM types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, object>) => { exports: Record<string, unknown> };
}
let loadedEngine: EngineModule | undefined;
let lastPanicMessage: string | undefined;

/** Instantiates the engine's WebAssembly once per process. */
function loadEngineModule(): EngineModule {
  if (loadedEngine) return loadedEngine;
  // The engine reports a Rust panic's message here before it throws.
  const panics = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { set_message(message: string): void } };
  panics.PRISMA_WASM_PANIC_REGISTRY ??= {
    set_message: (message: string) => {
      lastPanicMessage = message;
    },
  };
  // The bindings are an ES module; Node 20.19+ can require() it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bindings = require('@prisma/schema-engine-wasm/schema_engine_bg') as EngineModule;
  const wasmPath = join(dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm');
  const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: WasmApi };
  const instance = new wasm.Instance(new wasm.Module(readFileSync(wasmPath)), {
    './schema_engine_bg.js': bindings,
  });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  loadedEngine = bindings;
  return bindings;
}

function readSchema(): string {
  return readFileSync(SCHEMA_PATH, 'utf8');
}

/** The migrations in `prisma/migrations`, oldest first (their folders' names). */
export function migrationNames(): string[] {
  if (!existsSync(MIGRATIONS_DIR)) return [];
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => statSync(join(MIGRATIONS_DIR, name)).isDirectory())
    .sort();
}

/** The migrations folder in the shape the engine expects (as the CLI builds it). */
function readMigrationList(): Engine.MigrationList {
  const dirs = migrationNames();
  const lockPath = join(MIGRATIONS_DIR, 'migration_lock.toml');
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((name) => {
      const file = join(MIGRATIONS_DIR, name, 'migration.sql');
      return {
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: existsSync(file) ? { tag: 'ok' as const, value: readFileSync(file, 'utf8') } : { tag: 'error' as const, value: `missing ${file}` },
        },
      };
    }),
  };
}

const PG_CATALOG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

/**
 * The engine's schema description reads catalog columns of PostgreSQL's
 * one-byte `"char"` type (constraint kinds, relation kinds) and expects them
 * as characters, but @prisma/adapter-pg has no mapping for that type and
 * refuses the whole result ("Column type 'char' could not be deserialized").
 * This client lets such columns through as text, flagging them, and
 * `reportCatalogChars` below tells the engine they are characters.
 */
class CatalogCharClient extends pg.Client {
  override query(...args: any[]): any {
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: Error | null, result: pg.QueryResult) => callback(error, flagCatalogChars(result));
    }

    const pending = (super.query as (...a: any[]) => any)(...args);
    return pending && typeof pending.then === 'function' ? pending.then(flagCatalogChars) : pending;
  }
}

type FlaggedField = pg.FieldDef & { catalogChar?: true };

function flagCatalogChars(result: pg.QueryResult | undefined): pg.QueryResult | undefined {
  for (const field of (result?.fields ?? []) as FlaggedField[]) {
    if (field.dataTypeID === PG_CATALOG_CHAR_OID) {
      field.dataTypeID = PG_TEXT_OID;
      field.catalogChar = true;
    }
  }
  return result;
}

interface Queryable {
  queryRaw(query: SqlQuery): Promise<SqlResultSet>;
}

/** Marks flagged columns of every result as characters, on a connection and its transactions. */
function reportCatalogChars<T extends Queryable>(queryable: T): T {
  const internals = queryable as unknown as { performIO(query: SqlQuery): Promise<pg.QueryResult> };
  const performIO = internals.performIO.bind(queryable);
  const queryRaw = queryable.queryRaw.bind(queryable);
  const fieldsOf = new WeakMap<SqlQuery, FlaggedField[]>();
  internals.performIO = async (query) => {
    const result = await performIO(query);
    fieldsOf.set(query, result.fields);
    return result;
  };
  queryable.queryRaw = async (query) => {
    const resultSet = await queryRaw(query);
    (fieldsOf.get(query) ?? []).forEach((field, i) => {
      if (field.catalogChar) resultSet.columnTypes[i] = ColumnTypeEnum.Character;
    });
    return resultSet;
  };
  const adapter = queryable as unknown as Partial<SqlDriverAdapter>;
  if (typeof adapter.startTransaction === 'function') {
    const startTransaction = adapter.startTransaction.bind(queryable);
    adapter.startTransaction = async (isolationLevel) => reportCatalogChars(await startTransaction(isolationLevel));
  }
  return queryable;
}

/**
 * Adapter factory for the engine. Shadow databases (used to diff the
 * migrations folder) are made here rather than by PrismaPg, whose
 * `connectToShadowDb` drops the database while its own pool still holds a
 * connection to it, which PostgreSQL refuses.
 */
class MigrationAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = 'postgres' as const;
  readonly adapterName = '@prisma/adapter-pg';

  /** Connections the engine opened; it does not close them itself. */
  private readonly opened: SqlDriverAdapter[] = [];

  constructor(private readonly config: pg.PoolConfig) {}

  async connect(): Promise<SqlDriverAdapter> {
    const adapter = adaptForMigrations(await new PrismaPg(this.config).connect());
    this.opened.push(adapter);
    return adapter;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.opened.splice(0).map((adapter) => adapter.dispose()));
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const database = `prisma_migrate_shadow_db_${randomUUID()}`;
    const admin = new pg.Client(this.config);
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    const shadow = adaptForMigrations(await new PrismaPg({ ...this.config, database }).connect());
    const closePool = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await closePool();
      await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
      await admin.end();
    };
    return shadow;
  }
}

/**
 * Also: PrismaPg runs a script by splitting it on every `;`, which breaks
 * hand-written SQL in migrations (function bodies, `$$` quoting). The native
 * engine sends the script whole; so do we, as one simple query, which
 * PostgreSQL also runs as a single implicit transaction.
 */
function adaptForMigrations(adapter: PrismaPgAdapter): PrismaPgAdapter {
  reportCatalogChars(adapter);
  adapter.executeScript = async (script: string) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      (adapter as unknown as { onError(e: unknown): never }).onError(error);
    }
  };
  return adapter;
}

/** The URL split into fields, so a shadow database can override `database`. */
function poolConfig(databaseUrl: string): pg.PoolConfig {
  const { database, host, port, user, password } = parseConnectionString(databaseUrl);
  return {
    database: database ?? undefined,
    host: host ?? undefined,
    port: port ? Number(port) : undefined,
    user,
    password,
    Client: CatalogCharClient,
  };
}

async function withEngine<T>(databaseUrl: string, log: (line: string) => void, use: (engine: Engine.SchemaEngine) => Promise<T>): Promise<T> {
  const { SchemaEngine } = loadEngineModule();
  const connections = new MigrationAdapterFactory(poolConfig(databaseUrl));
  const engine = await SchemaEngine.new({ datamodels: [[SCHEMA_PATH, readSchema()]] }, log, bindMigrationAwareSqlAdapterFactory(connections));
  try {
    return await use(engine);
  } catch (error) {
    if (lastPanicMessage && error instanceof Error) error.message = `${error.message}: ${lastPanicMessage}`;
    throw error;
  } finally {
    engine.free();
    await connections.closeAll();
  }
}

/** `prisma migrate deploy`: applies every pending migration, returns their names. */
export async function applyMigrations(databaseUrl: string, log: (line: string) => void = () => {}): Promise<string[]> {
  return withEngine(databaseUrl, log, async (engine) => {
    const result = await engine.applyMigrations({ migrationsList: readMigrationList(), filters: NO_FILTER });
    return result.appliedMigrationNames;
  });
}

/**
 * The SQL that takes a database from the existing migrations to the current
 * schema (what `prisma migrate dev --create-only` would write). Uses a
 * temporary shadow database on the same server. Empty when nothing changed.
 */
export async function sqlForNewMigration(databaseUrl: string, log: (line: string) => void = () => {}): Promise<string> {
  return withEngine(databaseUrl, log, async (engine) => {
    const result = await engine.diff({
      from: { tag: 'migrations', ...readMigrationList() },
      to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: readSchema() }] },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    });
    const sql = result.stdout ?? '';
    return /^\s*(-- This is an empty migration\.)?\s*$/.test(sql) ? '' : sql;
  });
}

export const MIGRATIONS_PATH = MIGRATIONS_DIR;
