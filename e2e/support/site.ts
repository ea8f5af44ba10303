import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "@playwright/test";
import { seedDataDir } from "../../scripts/e2e-seed.mjs";
import { E2E_ADMIN_PASSWORD } from "./admin";

/** A second copy of the production build, on its own embedded database, for tests that change what every parent sees. */
export interface OwnSite {
  base: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** A free loopback port: taken from the system, then given back for the server to listen on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

async function waitUntilHealthy(base: string): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/**
 * Starts `dist/server/main.js` with the browser tests' admin password and the given settings, and waits for it.
 * A spec that sets its `baseURL` before the site starts names the port; otherwise a free one is taken. `dataDir`
 * starts it again on the data of a site stopped before; `clockAt` starts its clock at that moment (it then runs on
 * at the normal pace), for what only happens once a booked time has come.
 */
export async function startOwnSite(
  name: string,
  {
    port = 0,
    env = {},
    dataDir = mkdtempSync(join(tmpdir(), `clinic-e2e-${name}-`)),
    clockAt,
  }: { port?: number; env?: Record<string, string>; dataDir?: string; clockAt?: Date } = {},
): Promise<OwnSite> {
  port ||= await freePort();
  seedDataDir(dataDir);
  const base = `http://127.0.0.1:${port}`;
  const clock = clockAt
    ? {
        args: ["--import", "./scripts/shifted-clock.mjs"],
        env: { SHIFTED_CLOCK_START: clockAt.toISOString() },
      }
    : { args: [], env: {} };
  const server = spawn(process.execPath, [...clock.args, "dist/server/main.js"], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_BASE_URL: base,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      ...clock.env,
      ...env,
    },
  });
  await waitUntilHealthy(base);
  return { base, dataDir, stop: () => stopServer(server) };
}
