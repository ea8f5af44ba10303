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
