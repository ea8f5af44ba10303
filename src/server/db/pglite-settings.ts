import { setFlagsFromString } from "node:v8";

/**
 * PGlite runs PostgreSQL inside this process, in WebAssembly memory that grows and is never given back. PostgreSQL's
 * defaults (128 MB of shared buffers, 64 MB for maintenance, 4 MB per sort) are sized for a database server; this
 * site's data is a few megabytes and its public pages are answered from memory, so smaller buffers cost nothing
 * and keep the whole server within a 1 GB machine (see docs/performance.md).
 */
export const PGLITE_SETTINGS = [
  "shared_buffers = 8MB",
  // One process, one connection at a time: the shared memory sized for a hundred connections (locks, snapshots)
  // is never used.
  "max_connections = 5",
  "work_mem = 2MB",
  "maintenance_work_mem = 16MB",
  "temp_buffers = 2MB",
];

/**
 * V8 compiles PGlite's 9 MB WebAssembly module with its baseline compiler (Liftoff) and, for the functions that run
 * often, again with its optimising compiler (TurboFan) on background threads. TurboFan's working memory for
 * PostgreSQL's large functions stays with the process (about 50-90 MB of resident memory that the allocator keeps),
 * which is a third of what a small VPS can give the whole site. Measured on this site's queries, Liftoff code alone
 * is as fast for the short transactions of a booking and about 1.5 times slower for scans; the public pages and
 * reads do not reach the database at all (they are answered from memory). Set before PGlite compiles its module;
 * it applies to WebAssembly compiled later in this process.
 */
export function compileWebAssemblyWithBaselineOnly(): void {
  setFlagsFromString("--liftoff-only");
}
