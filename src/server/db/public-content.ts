import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, Db } from "./client";

/**
 * "Public content changed": what every server process hears when something a visitor can see without signing in
 * changes (an article, the doctor's schedule). Each process keeps the public pages and reads in memory and drops
 * them when it hears it.
 *
 * Call `publicContentChanged(db)` after such a change, with the transaction that made it when there is one: the
 * notification is sent when that transaction commits (PostgreSQL's NOTIFY, which PGlite also delivers in-process),
 * so no process reloads before the change is visible to it. This process also drops its copies at once.
 */
const PUBLIC_CONTENT_CHANNEL = "clinic_public_content";

const localListeners = new Set<() => void>();

export async function publicContentChanged(db: Db): Promise<void> {
  await db.execute(sql`select pg_notify(${PUBLIC_CONTENT_CHANNEL}, ${randomUUID()})`);
  for (const listener of localListeners) listener();
}

interface PublicContentWatch {
  stop(): Promise<void>;
}

/**
 * Calls `onChange` whenever public content changes, in this process or any other on the same database, and
 * `onLocalChange` (else `onChange`) at once when this process changed it, before its request is answered. `onDown`
 * and `onUp` bracket the times the database's notifications cannot be heard (PostgreSQL's listening connection lost).
 */
export async function watchPublicContent(
  database: Database,
  handlers: { onChange: () => void; onLocalChange?: () => void; onDown: () => void; onUp: () => void },
): Promise<PublicContentWatch> {
  const onLocal = handlers.onLocalChange ?? handlers.onChange;
  localListeners.add(onLocal);
  const unlisten = await database.listen(PUBLIC_CONTENT_CHANNEL, {
    onNotify: handlers.onChange,
    onDown: handlers.onDown,
    onUp: handlers.onUp,
  });
  return {
    stop: async () => {
      localListeners.delete(onLocal);
      // The database may be closed already at shutdown; its listeners went with it.
      await unlisten().catch(() => undefined);
    },
  };
}
