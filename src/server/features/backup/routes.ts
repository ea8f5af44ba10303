import { randomBytes, timingSafeEqual } from "node:crypto";
import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, sendApiNotFound } from "../../http/errors";
import { attachmentDisposition } from "../../http/content-disposition";
import { endWhenReaderStalls } from "../../http/stalled-reader";
import { CHECK_KEY_HEADER } from "./command-access";
import {
  backupExtension,
  backupInto,
  backupName,
  backupStatus,
  finishCheckedRun,
  type BackupDeps,
  type BackupTrigger,
} from "./service";

/** A download whose reader takes nothing for this long is ended (on PostgreSQL it holds a snapshot open). */
const DOWNLOAD_STALL_MS = 60_000;

const BUSY_MESSAGE = "A backup is being made already. Try again when it has finished.";

/** One backup at a time per server: a second would double the load for the same file. */
export function oneAtATime() {
  let running = false;
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running) throw new HttpError(409, BUSY_MESSAGE);
    running = true;
    try {
      return await work();
    } finally {
      running = false;
    }
  };
  return Object.assign(run, { busy: () => running });
}

export type BackupGuard = ReturnType<typeof oneAtATime>;

/** Streams a new backup as the answer; a failure cuts the answer short, and a cut file never restores. */
function streamBackup(
  deps: BackupDeps,
  guard: BackupGuard,
  trigger: BackupTrigger,
  reply: FastifyReply,
  forCommand?: { started: (runId: string) => void; whole: () => void; broken: () => void },
): FastifyReply {
  const sealed = Boolean(deps.config.passphrase);
  const body = new PassThrough();
  const started = guard(() =>
    backupInto(deps, async () => body, {
      trigger,
      location: trigger,
      ...(forCommand ? { onStart: forCommand.started, awaitCheck: forCommand.whole } : {}),
    }),
  );
  started.catch((error: unknown) => {
    forCommand?.broken();
    if (!body.destroyed) body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  endWhenReaderStalls(reply.raw, body, DOWNLOAD_STALL_MS, () =>
    body.destroy(new Error("the reader stalled")),
  );
  return reply
    .header("content-type", sealed ? "application/octet-stream" : "application/gzip")
    .header(
      "content-disposition",
      attachmentDisposition(backupName(deps.now(), deps.timeZone) + backupExtension(sealed)),
    )
    .header("cache-control", "no-store")
    .send(body);
}

/** The doctor's: how backups stand, and a backup to download now. */
export async function adminBackupRoutes(
  app: FastifyInstance,
  { deps, guard }: { deps: BackupDeps; guard: BackupGuard },
): Promise<void> {
  app.get("/api/admin/backups", async (_request, reply) => {
    return reply.header("cache-control", "no-store").send(await backupStatus(deps));
  });
  // No HEAD: it would make a whole backup for nobody to read. Never compressed again (BACKUP_STREAM_OPTIONS).
  app.get(
    "/api/admin/backups/download",
    { exposeHeadRoute: false, ...BACKUP_STREAM_OPTIONS },
    async (_request, reply) => {
      if (guard.busy()) throw new HttpError(409, BUSY_MESSAGE);
      return streamBackup(deps, guard, "download", reply);
    },
  );
}

/**
 * A backup is gzip already, and sealed it is random bytes: the compression every other answer gets (which counts
 * octet-stream as compressible) only cost the server a second gzip of 200 MB, and the command, which unpacked that
 * stream in small pieces, minutes of CPU.
 */
const BACKUP_STREAM_OPTIONS = { compress: false } as const;

/** The command's own choice: its BACKUP_PASSPHRASE (the rule of the setting), or none for an unsealed file. */
const commandRequest = z.object({ passphrase: z.string().min(12).max(1024).nullable() }).strict();

/** What the command found when it read the file back, for the backup its check key names. */
const commandVerdict = z
  .object({
    check: z.string().max(100),
    succeeded: z.boolean(),
    bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    location: z.string().max(1000),
    error: z.string().max(500).optional(),
  })
  .strict();

/**
 * Backups streamed to the command, by check key: the run, and whether its stream ended whole (the command's check
 * decides it) or broke (the server recorded a failure, which the command's own reason may replace).
 */
type CommandRun = { runId?: string; stream: "running" | "whole" | "broken" };
const MAX_PENDING_CHECKS = 20;

/**
 * `npm run backup` on the embedded database while the server runs: the server holds the folder, so the command asks
 * it, from this machine, with the token the server wrote into the data folder (readable by its owner only). The
 * command's BACKUP_PASSPHRASE decides the seal, as it does when the command reads the database itself; and the run
 * counts as a success only once the command has read the file back and says so, naming the backup by the key it
 * was given with it. Without the token, both routes answer as an unknown path does, before reading any body.
 */
export async function commandBackupRoutes(
  app: FastifyInstance,
  { deps, guard, token }: { deps: BackupDeps; guard: BackupGuard; token: string },
): Promise<void> {
  const pending = new Map<string, CommandRun>();
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!fromThisMachine(request) || !hasToken(request, token)) return sendApiNotFound(request, reply);
    return undefined;
  };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    "/api/internal/backup",
    { onRequest, schema: { body: commandRequest }, ...BACKUP_STREAM_OPTIONS },
    async (request, reply) => {
      const { passphrase } = request.body;
      if (guard.busy()) throw new HttpError(409, BUSY_MESSAGE);
      const check = randomBytes(18).toString("base64url");
      const run: CommandRun = { stream: "running" };
      pending.set(check, run);
      for (const key of pending.keys()) if (pending.size > MAX_PENDING_CHECKS) pending.delete(key);
      const sealedAsAsked = { ...deps, config: { ...deps.config, passphrase: passphrase ?? undefined } };
      reply.header(CHECK_KEY_HEADER, check);
      return streamBackup(sealedAsAsked, guard, "command", reply, {
        started: (runId) => (run.runId = runId),
        whole: () => (run.stream = "whole"),
        broken: () => (run.stream = "broken"),
      });
    },
  );
  routes.post(
    "/api/internal/backup/checked",
    { onRequest, schema: { body: commandVerdict } },
    async (request, reply) => {
      const { check, ...verdict } = request.body;
      const run = pending.get(check);
      // A whole stream takes either verdict; a broken one is already a failure, whose reason the command knows best.
      const open = run?.stream === "whole" || (run?.stream === "broken" && !verdict.succeeded);
      if (!run?.runId || !open)
        throw new HttpError(409, "No backup made for the command is waiting for this check.");
      pending.delete(check);
      await finishCheckedRun(deps, run.runId, verdict);
      return reply.code(204).send();
    },
  );
}

function fromThisMachine(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? "";
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

function hasToken(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
