import { readFileSync } from "node:fs";
import { join } from "node:path";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Db } from "../../db/client";
import { schema } from "../../db/schema";
import { migrationsDir } from "../../paths";

/** One table as the backup reads it: its primary key for paging, and what it refers to. */
export interface BackedUpTable {
  name: string;
  primaryKey: string[];
  foreignKeys: Array<{ columns: string[]; table: string; foreignColumns: string[] }>;
}

function describe(table: PgTable): BackedUpTable {
  const config = getTableConfig(table);
  const composite = config.primaryKeys[0]?.columns.map((column) => column.name);
  const primaryKey =
    composite ?? config.columns.filter((column) => column.primary).map((column) => column.name);
  if (primaryKey.length === 0) throw new Error(`Table ${config.name} has no primary key to page a backup by`);
  return {
    name: config.name,
    primaryKey,
    foreignKeys: config.foreignKeys.map((key) => {
      const reference = key.reference();
      return {
        columns: reference.columns.map((column) => column.name),
        table: getTableConfig(reference.foreignTable).name,
        foreignColumns: reference.foreignColumns.map((column) => column.name),
      };
    }),
  };
}

/** Every table of the schema, each after the tables it refers to, so a restore inserts them in this order. */
export function tablesInRestoreOrder(): BackedUpTable[] {
  const tables = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map(describe);
  const ordered: BackedUpTable[] = [];
  const placed = new Set<string>();
  const place = (table: BackedUpTable, path: string[]) => {
    if (placed.has(table.name)) return;
    if (path.includes(table.name))
      throw new Error(`Tables refer to each other in a circle: ${path.join(" -> ")}`);
    for (const key of table.foreignKeys) {
      const parent = tables.find((candidate) => candidate.name === key.table);
      if (parent && parent.name !== table.name) place(parent, [...path, table.name]);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) place(table, []);
  return ordered;
}

const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * One page of a table's rows after `after` (a row of the previous page, as JSON), in primary-key order, each as the
 * JSON text `row_to_json` gives: the same on PGlite and PostgreSQL, and read back by `json_populate_recordset`.
 * Short pages keep each query brief, so on the embedded database other requests run between them.
 */
export async function readPage(
  db: Db,
  table: BackedUpTable,
  after: string | undefined,
  limit: number,
): Promise<string[]> {
  const name = quoted(table.name);
  const key = table.primaryKey.map((column) => `t.${quoted(column)}`).join(", ");
  const lastKey = table.primaryKey.map((column) => `p.${quoted(column)}`).join(", ");
  const where =
    after === undefined
      ? sql``
      : sql`WHERE (${sql.raw(key)}) > (SELECT ${sql.raw(lastKey)} FROM json_populate_record(NULL::${sql.raw(name)}, ${after}::json) p)`;
  const result = await db.execute(
    sql`SELECT row_to_json(t)::text AS row FROM ${sql.raw(name)} t ${where} ORDER BY ${sql.raw(key)} LIMIT ${limit}`,
  );
  return rowsOf<{ row: string }>(result).map((row) => row.row);
}

/** Inserts rows (JSON texts of `row_to_json`) into a table of the same shape. */
export async function insertRows(db: Db, tableName: string, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  // Qualified: an unqualified name could also reach pg_catalog's tables through the search path.
  const name = sql.raw(`public.${quoted(tableName)}`);
  await db.execute(
    sql`INSERT INTO ${name} SELECT * FROM json_populate_recordset(NULL::${name}, ${`[${rows.join(",")}]`}::json)`,
  );
}

/** Moves every serial column's sequence past the largest value restored, so new rows do not collide. */
export async function resetSequences(db: Db): Promise<void> {
  const serials = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'`),
  );
  for (const { table_name: table, column_name: column } of serials) {
    const name = quoted(table);
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${name.replace(/'/g, "''")}', '${column.replace(/'/g, "''")}'),
                COALESCE(MAX(${quoted(column)}), 1), MAX(${quoted(column)}) IS NOT NULL) FROM ${name}`,
      ),
    );
  }
}

/** Every table of the public schema and its row count: what "an empty database" is judged by. */
export async function rowCounts(db: Db): Promise<Map<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    ),
  );
  const counts = new Map<string, number>();
  for (const { name } of tables) {
    const [row] = rowsOf<{ count: string | number }>(
      await db.execute(sql.raw(`SELECT count(*) AS count FROM ${quoted(name)}`)),
    );
    counts.set(name, Number(row?.count ?? 0));
  }
  return counts;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this version of the site has, in order. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The tags of the migrations applied to a database, in order (Drizzle records each by its journal time). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const exists = rowsOf<{ present: boolean }>(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`),
  );
  if (!exists[0]?.present) return [];
  const applied = rowsOf<{ created_at: string | number }>(
    await db.execute(sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`),
  );
  const byTime = new Map(knownMigrations().map((entry) => [entry.when, entry.tag]));
  return applied.map((row) => byTime.get(Number(row.created_at)) ?? `unknown-${row.created_at}`);
}
