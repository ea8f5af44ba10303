import { PGlite } from "@electric-sql/pglite";
import { PGLITE_SETTINGS } from "./pglite-settings";

/**
 * Creates a new embedded database in the folder named by the first argument, then exits. Run as a child process by
 * db/client.ts: creating the database (initdb) takes PGlite's WebAssembly memory to about 700 MB, which a process
 * never gives back; in a process of its own it is returned at exit, and the server opens the database made here.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: pglite-init <data folder>");
const db = new PGlite(dataDir, { postgresqlconf: PGLITE_SETTINGS });
await db.waitReady;
await db.close();
