import type { FastifyInstance } from "fastify";
import type { BackupStatusView } from "@shared/backup";
import { signInAsAdmin, TEST_SITE } from "./test-app";

/** The Backups line of the dashboard as the doctor, signed in from TEST_SITE, reads it. */
export async function backupStatusOf(app: FastifyInstance): Promise<BackupStatusView> {
  const cookie = await signInAsAdmin(app, { origin: TEST_SITE });
  const answer = await app.inject({
    method: "GET",
    url: "/api/admin/backups",
    headers: { cookie, origin: TEST_SITE },
  });
  if (answer.statusCode !== 200)
    throw new Error(`GET /api/admin/backups: ${answer.statusCode} ${answer.body}`);
  return answer.json<BackupStatusView>();
}
