import type { Db } from "../../db/client";

/**
 * Availability answers kept for at most one second. The calendar is the most requested read of the booking dialog,
 * and a month is thirty days of slot arithmetic; a second's reuse takes it off the hot path, while the database's
 * unique slot index still decides every booking. Any write to appointments or to the schedule in this process drops
 * every kept answer at once, so a change is seen by the next request here; another process (or a read that ran while
 * the writing transaction was still open) may show the old answer for up to a second.
 */
const MAX_AGE_MS = 1000;
const MAX_ENTRIES = 200;

interface Entry {
  expiresAt: number;
  generation: number;
  value: Promise<unknown>;
}

let generation = 0;
// Per database: tests run several apps, each on its own database, in one process.
const caches = new WeakMap<Db, Map<string, Entry>>();

/** Called by every write that can change which slots are free. */
export function availabilityChanged(): void {
  generation += 1;
}

/**
 * The answer kept for `key` (which names the request and the second of the clock that asked), or a new one from
 * `compute`. Concurrent requests for the same key share one computation.
 */
export function cachedAvailability<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = Date.now();
  const kept = cache.get(key);
  if (kept && kept.expiresAt > now && kept.generation === generation) return kept.value as Promise<T>;
  const value = compute();
  const entry = { expiresAt: now + MAX_AGE_MS, generation, value };
  cache.set(key, entry);
  // A failed computation is not kept: the next request tries again.
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  if (cache.size > MAX_ENTRIES) dropExpired(cache, now);
  return value;
}

function dropExpired(cache: Map<string, Entry>, now: number): void {
  for (const [key, entry] of cache)
    if (entry.expiresAt <= now || entry.generation !== generation) cache.delete(key);
  // Still full of live entries (many months asked within a second): start afresh.
  if (cache.size > MAX_ENTRIES) cache.clear();
}
