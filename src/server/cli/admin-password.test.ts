import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { readSetting } from "../db/settings";
import { verifyPassword } from "../features/admin-auth/password";
import { ADMIN_PASSWORD_SETTING, setStoredAdminPassword } from "../features/admin-auth/service";
import { projectRoot } from "../paths";
import { seededDataDir } from "../testing/seeded-data-dir";

/** `npm run admin:password` from the sources, in its own process, as a second process next to a running server. */
function runCli(dataDir: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(projectRoot, "src/server/cli/admin-password.ts"), ...args],
      { cwd: projectRoot, env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir } },
    );
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("npm run admin:password on the embedded database", () => {
  it("refuses while another process has the folder open, stores nothing, and works once it is closed", async () => {
    const dataDir = seededDataDir("clinic-cli-");
    const server = await openDatabase({ dataDir });
    await server.migrate();
    await setStoredAdminPassword(server.db, "the password before");

    const refused = await runCli(dataDir, ["a new password 1"]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      new RegExp(
        `^The server \\(pid ${process.pid}, .+ since \\d\\d:\\d\\d\\) is using ${dataDir}\\. ` +
          "Stop it, run `npm run admin:password` again, then start it\\.\\n$",
      ),
    );
    expect(refused.output).not.toContain("changed");
    const unchanged = await readSetting(server.db, ADMIN_PASSWORD_SETTING);
    expect(await verifyPassword("the password before", unchanged ?? "")).toBe(true);
    await server.close();

    const changed = await runCli(dataDir, ["a new password 1"]);
    expect(changed.output).toContain("The admin password was changed.");
    expect(changed.code).toBe(0);
    const reopened = await openDatabase({ dataDir });
    const stored = await readSetting(reopened.db, ADMIN_PASSWORD_SETTING);
    expect(await verifyPassword("a new password 1", stored ?? "")).toBe(true);
    await reopened.close();
  });
});
