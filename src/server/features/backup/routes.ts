import { timingSafeEqual } from "node:crypto";
import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { HttpError } from "../../http/errors";
import { attachmentDisposition } from "../../http/content-disposition";
import { endWhenReaderStalls } from "../../http/stalled-reader";
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
  awaitCheck?: (runId: string) => void,
): FastifyReply {
  const sealed = Boolean(deps.config.passphrase);
  const body = new PassThrough();
  const started = guard(() =>
    backupInto(deps, async () => body, {
      trigger,
      location: trigger,
      ...(awaitCheck ? { awaitCheck } : {}),
    }),
  );
  started.catch((error: unknown) => {
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
  // No HEAD: it would make a whole backup for nobody to read.
  app.get("/api/admin/backups/download", { exposeHeadRoute: false }, async (_request, reply) => {
    if (guard.busy()) throw new HttpError(409, BUSY_MESSAGE);
    return streamBackup(deps, guard, "download", reply);
  });
}

/** The command's own choice: its BACKUP_PASSPHRASE (the rule of the setting), or none for an unsealed file. */
const commandRequest = z.object({ passphrase: z.string().min(12).max(1024).nullable() }).strict();

/** What the command found when it read the file back. */
const commandVerdict = z
  .object({
    succeeded: z.boolean(),
    bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    location: z.string().max(1000),
    error: z.string().max(500).optional(),
  })
  .strict();

function parsedBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new HttpError(400, "The backup command sent a request this server does not take.");
  return parsed.data;
}

/**
 * `npm run backup` on the embedded database while the server runs: the server holds the folder, so the command asks
 * it, from this machine, with the token the server wrote into the data folder (readable by its owner only). The
 * command's BACKUP_PASSPHRASE decides the seal, as it does when the command reads the database itself; and the run
 * counts as a success only once the command has read the file back and says so.
 */
export async function commandBackupRoutes(
  app: FastifyInstance,
  { deps, guard, token }: { deps: BackupDeps; guard: BackupGuard; token: string },
): Promise<void> {
  /** The run whose file the command is checking: one backup at a time, so at most one. */
  let awaitingCheck: string | undefined;
  const refuseStrangers = (request: FastifyRequest) => {
    if (!fromThisMachine(request) || !hasToken(request, token)) throw new HttpError(404, "Not found");
  };
  app.post("/api/internal/backup", async (request, reply) => {
    refuseStrangers(request);
    const { passphrase } = parsedBody(commandRequest, request.body);
    if (guard.busy()) throw new HttpError(409, BUSY_MESSAGE);
    awaitingCheck = undefined;
    const sealedAsAsked = { ...deps, config: { ...deps.config, passphrase: passphrase ?? undefined } };
    return streamBackup(sealedAsAsked, guard, "command", reply, (runId) => (awaitingCheck = runId));
  });
  app.post("/api/internal/backup/checked", async (request, reply) => {
    refuseStrangers(request);
    const verdict = parsedBody(commandVerdict, request.body);
    const runId = awaitingCheck;
    if (!runId) throw new HttpError(409, "No backup made for the command is waiting for its check.");
    awaitingCheck = undefined;
    await finishCheckedRun(deps, runId, verdict);
    return reply.code(204).send();
  });
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
