/**
 * What the embedded PostgreSQL (PGlite) may hold in memory. PGlite runs Postgres in a WebAssembly
 * heap that only ever grows: whatever Postgres allocates once (its shared buffers, a sort's
 * work_mem, VACUUM's maintenance_work_mem) stays resident for the life of the process. Postgres's
 * defaults are sized for a server that has memory to spare (128 MB of shared buffers, 64 MB for
 * maintenance); here they are cut to what one small process needs. Pages missing from the buffers
 * are read from the data folder's files, which the operating system caches (reclaimable memory,
 * not this process's). The heap starts at 128 MB (the smallest pglite.wasm accepts), of which only
 * the pages Postgres touches are resident. Measured in deploy/README.md ("Memory and sizing").
 */
import { PGlite } from '@electric-sql/pglite';

/** Postgres settings PGlite starts with (each `-c name=value` on its command line). */
export const PGLITE_MEMORY_SETTINGS: Readonly<Record<string, string>> = {
  // Default 128MB: the WASM heap then reached 189 MB before the first query. Measured at 100,000
  // listings (BENCHMARKS.md, issue 31): 32MB made an uncached search 27 → 16 req/s (a page missing
  // from the buffers costs PGlite a trip through its file layer); 64MB gave 35 req/s, idle 396 MB
  // and 588 MB at 100 connections of misses; 128MB 29 req/s, idle 469 MB, 667 MB.
  shared_buffers: '64MB',
  // Default 64MB: the boot's VACUUM and ANALYZE would grow the heap by that much, for good.
  maintenance_work_mem: '16MB',
  // Per sort or hash in a query (one backend: one query at a time); Postgres's default.
  work_mem: '4MB',
  // Temporary tables only (the app makes none).
  temp_buffers: '8MB',
};

/** PGlite's own start parameters, then the memory settings. */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...Object.entries(PGLITE_MEMORY_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}
