import { createHash, randomBytes } from "node:crypto";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { addHours, addMinutes, differenceInSeconds, subMinutes } from "date-fns";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { claimSetting, readSetting, writeSetting } from "../../db/settings";
import { HttpError } from "../../http/errors";
import { generatePassword, hashPassword, parsePasswordHash, verifyPassword } from "./password";
import * as repository from "./repository";

export const ADMIN_PASSWORD_SETTING = "admin_password_hash";
const MAX_FAILURES = 5;
const FAILURE_WINDOW_MINUTES = 15;

/**
 * Where the admin password comes from, in order: ADMIN_PASSWORD_HASH; ADMIN_PASSWORD (hashed now, with a warning,
 * because a plain password in the environment leaks more easily); a hash stored in the database by an earlier start
 * or by `npm run admin:password`; else, outside production, a new random password printed once.
 */
export async function resolveAdminPasswordHash(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  announce: (password: string) => void,
): Promise<string> {
  const { passwordHash, password } = config.admin;
  if (passwordHash) {
    if (!parsePasswordHash(passwordHash)) {
      throw new Error(
        "ADMIN_PASSWORD_HASH is not a hash this server can read; create one with `npm run admin:password -- --hash`",
      );
    }
    return passwordHash;
  }
  if (password) {
    log.warn(
      "ADMIN_PASSWORD is set in plain text; prefer ADMIN_PASSWORD_HASH (npm run admin:password -- --hash)",
    );
    return hashPassword(password);
  }
  const stored = await readSetting(db, ADMIN_PASSWORD_SETTING);
  if (stored) return stored;
  if (config.isProduction) throw new Error("No admin password: set ADMIN_PASSWORD_HASH");
  const generated = generatePassword();
  const hash = await hashPassword(generated);
  // Another instance may have generated one at the same moment: the first stored wins, and only it is printed.
  if (await claimSetting(db, ADMIN_PASSWORD_SETTING, hash)) {
    announce(generated);
    return hash;
  }
  return (await readSetting(db, ADMIN_PASSWORD_SETTING)) ?? hash;
}

/** Replaces the stored admin password and signs every session out. */
export async function setStoredAdminPassword(db: Db, password: string): Promise<void> {
  await writeSetting(db, ADMIN_PASSWORD_SETTING, await hashPassword(password));
  await repository.deleteAllSessions(db);
}

export const SESSION_COOKIE = "admin_session";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

interface LoginResult {
  token: string;
  expiresAt: Date;
}

function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/**
 * Checks the password (in constant time) and opens a session. At most 5 attempts from one address are checked in
 * 15 minutes: each attempt is counted before its password is compared, in one statement, so attempts sent in
 * parallel cannot all be checked. Past the limit every attempt, right or wrong, is refused until the window ends;
 * a right password clears the count.
 */
export async function login(
  db: Db,
  config: Config,
  passwordHash: string,
  password: string,
  address: string,
  now: Date,
): Promise<LoginResult> {
  const attempt = await repository.countLoginAttempt(
    db,
    address,
    now,
    subMinutes(now, FAILURE_WINDOW_MINUTES),
  );
  if (attempt.attempts > MAX_FAILURES) {
    const retryAfter = Math.max(
      1,
      differenceInSeconds(addMinutes(attempt.windowStartedAt, FAILURE_WINDOW_MINUTES), now),
    );
    throw new HttpError(429, `Too many failed attempts. Please try again in ${minutesText(retryAfter)}.`, {
      "retry-after": String(retryAfter),
    });
  }
  if (!(await verifyPassword(password, passwordHash))) {
    throw new HttpError(401, "Unauthorized: the password is incorrect");
  }
  await repository.clearLoginAttempts(db, address);
  await repository.deleteExpiredSessions(db, now);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = addHours(now, config.admin.absoluteHours);
  await repository.insertSession(db, {
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The session a cookie names, if it is still alive; records the activity that keeps it from idling out. */
export async function validateSession(
  db: Db,
  config: Config,
  token: string,
  now: Date,
): Promise<{ expiresAt: Date } | undefined> {
  const tokenHash = hashToken(token);
  const session = await repository.findSession(db, tokenHash);
  if (!session) return undefined;
  const idleDeadline = addMinutes(session.lastSeenAt, config.admin.idleMinutes);
  if (now >= session.expiresAt || now >= idleDeadline) {
    await repository.deleteSession(db, tokenHash);
    return undefined;
  }
  // Writing on every request is wasted work; a minute's precision is plenty for a 2-hour idle limit.
  if (now.getTime() - session.lastSeenAt.getTime() > 60_000)
    await repository.touchSession(db, tokenHash, now);
  return { expiresAt: session.expiresAt };
}

export async function logout(db: Db, token: string): Promise<void> {
  await repository.deleteSession(db, hashToken(token));
}

/** Who did it: a short hash of the admin session cookie (the cookie itself is a credential and is never stored). */
export function adminSessionRef(request: FastifyRequest): string {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return "no session";
  return `admin ${hashToken(token).slice(0, 16)}`;
}

const UNAUTHORIZED = "Unauthorized: please log in as the administrator";

/** For a handler that is public for some requests and admin-only for others (the appointments list). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!(await request.adminSession())) throw new HttpError(401, UNAUTHORIZED);
}
