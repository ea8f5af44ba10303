import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { projectRoot } from "../paths";
import { seededDataDir } from "../testing/seeded-data-dir";
import { LOCK_FILE_NAME } from "./data-dir-lock";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** The real entry point, as `npm run dev` runs it (the page shell from the sources, so no build is needed). */
function startServer(env: Record<string, string>) {
  let output = "";
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", join(projectRoot, "src/server/main.ts")],
    {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LOG_LEVEL: "info", DEV_SERVER: "true", ...env },
    },
  );
  children.push(child);
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const randomPort = () => 20_000 + Math.floor(Math.random() * 20_000);

describe("a second server process", () => {
  it(
    "on the same folder exits 1 with one line naming the first; after kill -9 of the first, one starts",
    {
      timeout: 120_000,
    },
    async () => {
      const dataDir = seededDataDir("clinic-two-");
      const first = startServer({ PORT: String(randomPort()), DATA_DIR: dataDir });
      await waitFor(() => first.output().includes("site is ready"));

      const second = startServer({ PORT: String(randomPort()), DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(
        new RegExp(
          `^The database folder ${dataDir} is in use by another process ` +
            `\\(pid ${first.child.pid}, node src/server/main\\.ts since \\d\\d:\\d\\d\\)\\. ` +
            "Stop that process first, or set DATA_DIR to another folder\\.\\n$",
        ),
      );

      first.child.kill("SIGKILL");
      await first.exited;
      expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true);
      const third = startServer({ PORT: String(randomPort()), DATA_DIR: dataDir });
      await waitFor(() => third.output().includes("site is ready"));
      third.child.kill("SIGTERM");
      expect(await third.exited).toBe(0);
      expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    },
  );

  it("with a DATABASE_URL nothing answers exits 1 with one line naming the cause, without the password", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const address = probe.address();
    await new Promise((resolve) => probe.close(resolve));
    const port = typeof address === "object" && address ? address.port : 1;

    const server = startServer({
      PORT: String(randomPort()),
      DATABASE_URL: `postgres://clinic:Sup3r-secret-pw@127.0.0.1:${port}/clinic`,
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toBe(
      `Cannot connect to PostgreSQL at 127.0.0.1:${port} (database clinic): connection refused. Check DATABASE_URL.\n`,
    );
  });
});
