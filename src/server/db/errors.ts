/** PostgreSQL's code for a unique violation, as raised by both PGlite and node-postgres. */
const UNIQUE_VIOLATION = "23505";

/** Drizzle wraps driver errors; the PostgreSQL error code sits somewhere in the cause chain. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && current.code === UNIQUE_VIOLATION) {
      if (!constraint) return true;
      const name = "constraint" in current ? current.constraint : undefined;
      const text = "message" in current ? String(current.message) : "";
      return name === constraint || text.includes(constraint);
    }
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

/** PostgreSQL's code for a row that refers to one that is not there (any more): a foreign key violation. */
const FOREIGN_KEY_VIOLATION = "23503";

export function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && current.code === FOREIGN_KEY_VIOLATION)
      return true;
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

/**
 * PostgreSQL's codes for a transaction it broke off because another one stood in its way at the same moment: a
 * deadlock (40P01) or a serialization failure (40001). Run again, it usually goes through.
 */
const TRANSACTION_CONFLICTS = new Set(["40P01", "40001"]);

export function isTransactionConflict(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && TRANSACTION_CONFLICTS.has(String(current.code)))
      return true;
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

/**
 * Runs a transaction again, up to `attempts` times in all, when PostgreSQL broke it off for a conflict with another
 * one (two bookings each releasing a hold the other one's insert waits for): the one that went through has committed
 * by then, so the next run sees it.
 */
export async function retryingConflicts<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
    }
  }
}

/**
 * PostgreSQL's classes and codes for a database that is gone or going: connection exceptions (08), a server shutting
 * down or starting up (57P01-57P03), and the driver's and the socket's own words for a lost or refused connection.
 */
const unavailableCodes = new Set([
  "57P01",
  "57P02",
  "57P03",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
]);
const lostConnectionMessages = ["Connection terminated", "Client has encountered a connection error"];

/** Whether a failure is the database being unreachable for the moment, not a fault of the request or the code. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object") {
      const code = "code" in current ? String(current.code) : "";
      if (unavailableCodes.has(code) || code.startsWith("08")) return true;
      const message = "message" in current ? String(current.message) : "";
      if (lostConnectionMessages.some((words) => message.startsWith(words))) return true;
    }
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}
