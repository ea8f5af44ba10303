/**
 * The database cannot be opened for a reason the person starting the process can fix (the folder is in use, the
 * PostgreSQL address is wrong). The message is one line meant for them, without a stack trace or a password.
 */
export class DatabaseOpenError extends Error {
  override name = "DatabaseOpenError";
}
