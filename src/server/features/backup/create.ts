import type { Writable } from "node:stream";
import type { Database, Db } from "../../db/client";
import type { RecordStore } from "../../integrations/record-store/record-store";
import { createBackupWriter, type BackupManifest } from "./archive";
import { appliedMigrations, readPage, tablesInRestoreOrder, type BackedUpTable } from "./tables";

/**
 * Rows per page, and so per entry of the file: each page is one short query. The embedded database answers on the
 * server's one thread, so its pages are short: while a practice of 10,000 appointments was backed up, a request
 * waited up to 361 ms with pages of 1,000 rows, 187 ms with 200, under 80 ms with 100.
 */
const PAGE_ROWS = { postgres: 1_000, pglite: 100 } as const;

export interface BackupSource {
  database: Database;
  store: RecordStore;
  /** The local folder's reports go into the file; a bucket's are listed by key (its versioning keeps them). */
  storage: "local" | "bucket";
}

export interface BackupSummary {
  bytes: number;
  manifest: Omit<BackupManifest, "parts" | "format" | "version">;
}

/**
 * The values each referenced column set has in the rows already written, so that a row written while the backup
 * ran, whose parent the backup had already passed, is left out rather than restored without its parent.
 */
class WrittenKeys {
  private readonly keys = new Map<string, Set<string>>();

  private static id(table: string, columns: string[]) {
    return `${table}(${columns.join(",")})`;
  }

  remember(table: BackedUpTable, referencedBy: BackedUpTable[], rows: Array<Record<string, unknown>>): void {
    for (const child of referencedBy)
      for (const key of child.foreignKeys.filter((candidate) => candidate.table === table.name)) {
        const id = WrittenKeys.id(table.name, key.foreignColumns);
        const set = this.keys.get(id) ?? new Set<string>();
        for (const row of rows) set.add(JSON.stringify(key.foreignColumns.map((column) => row[column])));
        this.keys.set(id, set);
      }
  }

  /** Whether every reference the row makes is to a row already written (a null reference is none). */
  hasParents(table: BackedUpTable, row: Record<string, unknown>): boolean {
    return table.foreignKeys.every((key) => {
      const values = key.columns.map((column) => row[column]);
      if (values.some((value) => value === null || value === undefined)) return true;
      return (
        this.keys.get(WrittenKeys.id(key.table, key.foreignColumns))?.has(JSON.stringify(values)) ?? false
      );
    });
  }
}

/**
 * Writes a backup of every table and, for the local folder, every stored report into `output`. On PostgreSQL the
 * rows come from one snapshot (a read-only repeatable-read transaction on a connection of its own, so the site goes
 * on meanwhile); the embedded database has one connection, so its tables are read a short page at a time between
 * the site's own queries, and rows added meanwhile that refer to rows already passed wait for the next backup.
 */
export async function writeBackup(
  source: BackupSource,
  output: Writable,
  options: { passphrase?: string | undefined; now: Date },
): Promise<BackupSummary> {
  const writer = await createBackupWriter(output, options.passphrase);
  try {
    const read = async (db: Db) => {
      const migrations = await appliedMigrations(db);
      const tables = await writeTables(db, writer.add, PAGE_ROWS[source.database.engine]);
      return { migrations, ...tables };
    };
    const { migrations, tables, skippedRows } =
      source.database.engine === "postgres"
        ? await source.database.db.transaction(read, {
            isolationLevel: "repeatable read",
            accessMode: "read only",
          })
        : await read(source.database.db);
    const keys = await writeRecords(source, writer.add);
    const manifest = {
      createdAt: options.now.toISOString(),
      engine: source.database.engine,
      migrations,
      tables,
      records: { storage: source.storage === "local" ? ("included" as const) : ("bucket" as const), keys },
      skippedRows,
    };
    return { bytes: await writer.finish(manifest), manifest };
  } catch (error) {
    writer.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

async function writeTables(
  db: Db,
  add: (name: string, data: Buffer) => Promise<void>,
  pageRows: number,
): Promise<{ tables: Array<{ name: string; rows: number }>; skippedRows: number }> {
  const order = tablesInRestoreOrder();
  const written = new WrittenKeys();
  const tables: Array<{ name: string; rows: number }> = [];
  let skippedRows = 0;
  for (const table of order) {
    const referencedBy = order.filter((other) => other.foreignKeys.some((key) => key.table === table.name));
    let rows = 0;
    let page = 0;
    let after: string | undefined;
    for (;;) {
      const texts = await readPage(db, table, after, pageRows);
      if (texts.length === 0) break;
      after = texts[texts.length - 1];
      const parsed = texts.map((text) => JSON.parse(text) as Record<string, unknown>);
      const keep = parsed.map((row) => written.hasParents(table, row));
      const kept = texts.filter((_, index) => keep[index]);
      skippedRows += texts.length - kept.length;
      written.remember(
        table,
        referencedBy,
        parsed.filter((_, index) => keep[index]),
      );
      if (kept.length > 0) {
        page += 1;
        await add(
          `tables/${table.name}/${String(page).padStart(6, "0")}.jsonl`,
          Buffer.from(kept.join("\n")),
        );
        rows += kept.length;
      }
      if (texts.length < pageRows) break;
    }
    tables.push({ name: table.name, rows });
  }
  return { tables, skippedRows };
}

async function writeRecords(
  source: BackupSource,
  add: (name: string, data: Buffer) => Promise<void>,
): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of source.store.keys()) keys.push(key);
  keys.sort();
  if (source.storage !== "local") return keys;
  const included: string[] = [];
  for (const key of keys) {
    let data: Buffer;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await source.store.get(key)) chunks.push(chunk as Buffer);
      data = Buffer.concat(chunks);
    } catch {
      // Removed since it was listed (erasure, retention): its record is gone too.
      continue;
    }
    await add(`records/${key}`, data);
    included.push(key);
  }
  return included;
}
