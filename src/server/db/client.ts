import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { migrationsDir } from "../paths";
import { lockDataDir } from "./data-dir-lock";
import { compileWebAssemblyWithBaselineOnly, PGLITE_SETTINGS } from "./pglite-settings";
import { DatabaseOpenError } from "./open-error";
import { schema } from "./schema";

export { DatabaseOpenError } from "./open-error";
export { DataDirInUseError } from "./data-dir-lock";

/** The Drizzle database, whichever engine is underneath. Repositories take this type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  /**
   * Applies the SQL migrations in drizzle/ that have not run yet; a restore passes a folder holding only those its
   * backup was made under.
   */
  migrate(migrationsFolder?: string): Promise<void>;
  /** Answers whether the database responds to a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Calls `onNotify` for every NOTIFY on the channel, from any connection and any process, after its transaction
   * commits. `onDown` and `onUp` say when notifications may have been missed (the listening connection was lost) and
   * when they flow again. Answers a function that stops listening.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * The connection pool's use, on PostgreSQL. The embedded database has no pool: it runs inside this process, one
   * query at a time, so its load shows as event-loop delay instead.
   */
  poolUse?: () => PoolUse;
}

/** Connections the pool holds, of which idle, and queries waiting for one; `max` is the pool's size. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface ChannelHandlers {
  onNotify: (payload: string) => void;
  onDown?: () => void;
  onUp?: () => void;
}

interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, the embedded PGlite is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `undefined` keeps them in memory (tests). */
  dataDir?: string | undefined;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /**
   * The files of an embedded database to start an in-memory one from (PGlite's `dumpDataDir`), instead of creating
   * it: the tests start dozens of databases, each from one that is already migrated.
   */
  initialData?: Blob | undefined;
}

/**
 * Opens the database, or throws a DatabaseOpenError whose one-line message says why not: the embedded database's
 * folder is in use by another process (DataDirInUseError), or PostgreSQL cannot be reached or refuses us.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? await openPostgres(options.url, options.poolSize ?? 10)
    : await openPglite(options.dataDir, options.initialData);
}

/**
 * The data folder holds patients' records, the admin's password hash and sessions, and the unsent messages: only
 * the server's own user may enter it, whatever modes the database engine gives the files inside.
 */
function keepPrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

/**
 * A new data folder is created by a child process (./pglite-init.ts), which exits once the database exists: the
 * creation takes PGlite's memory to about 700 MB, and only the end of a process gives that back. From the sources
 * (tests, `npm run dev`) the child runs the TypeScript file through tsx; in the build, scripts/build.mjs writes
 * dist/server/pglite-init.js beside dist/server/main.js.
 */
async function createDataDirInChildProcess(dataDir: string): Promise<void> {
  const fromSource = import.meta.url.endsWith(".ts");
  const entry = fileURLToPath(new URL(fromSource ? "./pglite-init.ts" : "./pglite-init.js", import.meta.url));
  const child = spawn(process.execPath, [...(fromSource ? ["--import", "tsx"] : []), entry, dataDir], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`Creating the embedded database in ${dataDir} failed: ${errors.trim()}`);
}

/**
 * The note `npm run restore` leaves in a data folder whose embedded database it moved to PostgreSQL: a start on the
 * folder without DATABASE_URL would otherwise serve the data of before the move, silently.
 */
export const MOVED_NOTE = "moved-to-postgresql.txt";

function refuseMovedDatabase(dataDir: string): void {
  const note = join(dataDir, MOVED_NOTE);
  if (!existsSync(note)) return;
  throw new DatabaseOpenError(
    `The embedded database in ${dataDir} was moved to PostgreSQL (${note}): set DATABASE_URL to its address. ` +
      `To use this old copy again instead, delete that file.`,
  );
}

async function openPglite(dataDir: string | undefined, initialData?: Blob): Promise<Database> {
  if (dataDir) refuseMovedDatabase(dataDir);
  if (dataDir) keepPrivate(dataDir);
  // A folder on disk belongs to one process at a time; an in-memory database (tests) is private anyway.
  const lock = dataDir ? await lockDataDir(dataDir) : undefined;
  let client: PGlite;
  try {
    if (dataDir && !existsSync(join(dataDir, "PG_VERSION"))) await createDataDirInChildProcess(dataDir);
    compileWebAssemblyWithBaselineOnly();
    // One options object: PGlite reads its second argument only when the first is a folder's name, so an
    // in-memory database given `undefined` there would start without these settings or the initial data.
    client = new PGlite({
      postgresqlconf: PGLITE_SETTINGS,
      ...(dataDir ? { dataDir } : {}),
      ...(initialData && !dataDir ? { loadDataDir: initialData } : {}),
    });
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    migrate: (folder = migrationsDir) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    ping: () => pingWith(db),
    // One process holds the folder, and PGlite delivers NOTIFY to its own listeners once the transaction commits.
    listen: (channel, handlers) => client.listen(channel, (payload) => handlers.onNotify(payload)),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  refuseUnencodedAddress(url);
  await checkPostgresConnection(url);
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  // Nor may a checked-out one, between two queries of a transaction (the pool listens only to idle clients): the
  // transaction's next query fails on its own, and the pool drops the broken client when it comes back.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: "postgres",
    migrate: (folder = migrationsDir) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    ping: () => pingWith(db),
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    close: () => pool.end(),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
  };
}

/** How long to wait before connecting again after the listening connection was lost. */
const LISTEN_RETRY_MS = 1_000;

/**
 * LISTEN needs a connection of its own, outside the pool, held for the process's life. When it drops, `onDown` is
 * called at once and a new connection is tried every second; `onUp` follows once it listens again.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      client = undefined;
      handlers.onDown?.();
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void reconnect(), LISTEN_RETRY_MS);
      retry.unref();
    };
    next.on("error", onLost);
    next.on("end", onLost);
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      lost = true;
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  };
  const reconnect = async (): Promise<void> => {
    if (stopped) return;
    try {
      await connect();
      handlers.onUp?.();
    } catch {
      retry = setTimeout(() => void reconnect(), LISTEN_RETRY_MS);
      retry.unref();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** How long the first connection may take before the start gives up on an address that does not answer. */
const CONNECT_TIMEOUT_MS = 10_000;

/** PostgreSQL cannot be reached or refuses the connection; the message names the cause, never the password. */
class PostgresConnectionError extends DatabaseOpenError {
  override name = "PostgresConnectionError";
}

/**
 * The pool connects lazily, so a wrong DATABASE_URL would otherwise surface as a failed migration query with no
 * cause. One connection at open turns it into a one-line reason.
 */
async function checkPostgresConnection(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const started = Date.now();
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    const timedOut = Date.now() - started >= CONNECT_TIMEOUT_MS;
    throw new PostgresConnectionError(describeConnectionFailure(client, error, timedOut, url));
  }
  await client.end();
}

function describeConnectionFailure(
  client: pg.Client,
  error: unknown,
  timedOut: boolean,
  url: string,
): string {
  const host = client.host || "localhost";
  const where = host.startsWith("/")
    ? `the socket in ${host}`
    : `${host.includes(":") ? `[${host}]` : host}:${client.port}`;
  const database = client.database ?? client.user ?? "";
  const user = client.user ?? "";
  const details = error as { code?: unknown; message?: unknown } | null;
  const code = typeof details?.code === "string" ? details.code : undefined;
  const serverMessage = typeof details?.message === "string" ? details.message : String(error);
  let reason: string;
  switch (code) {
    case "ECONNREFUSED":
      reason = "connection refused";
      break;
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
      reason = `the host name ${host} could not be resolved`;
      break;
    case "ENOENT":
      reason = "no PostgreSQL socket there";
      break;
    case "ETIMEDOUT":
      reason = "no answer (timed out)";
      break;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      reason = "host unreachable";
      break;
    case "3D000":
      reason = `database "${database}" does not exist`;
      break;
    case "28P01":
      reason = `password authentication failed for user "${user}"`;
      break;
    case "28000":
      reason = `authentication failed for user "${user}" (${serverMessage})`;
      break;
    default:
      reason = timedOut ? `no answer within ${CONNECT_TIMEOUT_MS / 1000} s` : serverMessage;
  }
  const text = `Cannot connect to PostgreSQL at ${where} (database ${database}): ${reason}. Check DATABASE_URL.`;
  return withoutSecrets(text.replace(/\s+/g, " "), url, client);
}

/**
 * A user name or password with an "@" that is not percent-encoded makes the address mean another host (the rest of
 * the password), and the error about that host would print most of the password: such an address is refused first,
 * with the way to write it.
 */
function refuseUnencodedAddress(url: string): void {
  const scheme = url.indexOf("://");
  const rest = scheme < 0 ? "" : url.slice(scheme + 3);
  const authority = rest.slice(0, rest.lastIndexOf("@") + 1);
  if (authority.indexOf("@") === authority.length - 1) return;
  throw new DatabaseOpenError(
    "DATABASE_URL has more than one @ before its host: percent-encode the user name and password " +
      "(@ as %40, / as %2F, : as %3A, % as %25, # as %23).",
  );
}

/** The password, and the whole URL in case a message quotes it, never reach the console. */
function withoutSecrets(text: string, url: string, client: pg.Client): string {
  let safe = text.split(url).join("DATABASE_URL");
  const password = typeof client.password === "string" ? client.password : undefined;
  if (password) {
    safe = safe.split(password).join("***");
    const encoded = encodeURIComponent(password);
    if (encoded !== password) safe = safe.split(encoded).join("***");
  }
  return safe;
}

async function pingWith(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The rows of a raw `db.execute`: PGlite and node-postgres both answer `{ rows }`, typed differently. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
