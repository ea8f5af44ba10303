/**
 * PGlite runs PostgreSQL inside this process, in WebAssembly memory that grows and is never given back. PostgreSQL's
 * defaults (128 MB of shared buffers, 64 MB for maintenance, 4 MB per sort) are sized for a database server; this
 * site's data is a few megabytes and its public pages are answered from memory, so smaller buffers cost nothing
 * and keep the whole server within a 1 GB machine (see docs/performance.md).
 */
export const PGLITE_SETTINGS = [
  "shared_buffers = 16MB",
  "work_mem = 2MB",
  "maintenance_work_mem = 16MB",
  "temp_buffers = 2MB",
];
