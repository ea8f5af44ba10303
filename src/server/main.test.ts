import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../../scripts/ensure-build.mjs";
import { projectRoot } from "./paths";
import { seededDataDir } from "./testing/seeded-data-dir";

/** The real entry point in a child process: start-up checks, serving, and shutdown on a signal. */
function startServer(
  env: Record<string, string>,
  entry: string[] = ["--import", "tsx", join(projectRoot, "src/server/main.ts")],
): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, entry, {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

/** Waits for the server to say it is ready; a server that did not is shown with what it said instead. */
async function waitUntilReady(server: { output: () => string }, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes("site is ready")) {
    if (Date.now() > deadline)
      throw new Error(`The server was not ready in time. It said:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("server process", () => {
  // The server serves the built browser app, so it needs a build of the current sources.
  beforeAll(() => ensureBuild(), 120_000);

  it("refuses to start on bad configuration, listing every problem", async () => {
    const server = startServer({ PORT: "not-a-port", DATABASE_URL: "mysql://nope" });
    expect(await exitOf(server.child)).toBe(1);
    expect(server.output()).toContain("The server cannot start because of its configuration:");
    expect(server.output()).toContain("PORT:");
    expect(server.output()).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
  });

  it("serves, then on SIGTERM finishes, closes the database and exits 0", async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = startServer({ PORT: String(port), DATA_DIR: seededDataDir("clinic-main-") });
    const exited = exitOf(server.child);
    await waitUntilReady(server, 60_000);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(server.output()).toContain("sample articles created");
    // The JSON line says where this process listens, beside the site's public address.
    expect(server.output()).toContain(`"listen":"127.0.0.1:${port}"`);

    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(server.output()).toContain("shutting down");
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    // Creating a new embedded database in a child process, then migrating and seeding it: as long as waitFor allows.
  }, 90_000);

  it("serves the built site in production with its pages rendered on the server, whoever started the build", async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = startServer(
      {
        PORT: String(port),
        NODE_ENV: "production",
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        PAYMENT_PROVIDER: "simulator",
        ADMIN_PASSWORD: "a production test password",
        SITE_PROFILE_FILE: join(projectRoot, "scripts/bench-profile.json"),
        DATA_DIR: seededDataDir("clinic-main-"),
      },
      [join(projectRoot, "dist/server/main.js")],
    );
    const exited = exitOf(server.child);
    try {
      await waitUntilReady(server, 60_000);
      const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      expect(html).toMatch(/<div id="root">(?!<\/div>)[\s\S]*<h1[ >]/);
      expect(server.output()).not.toContain("server rendering failed");
    } finally {
      server.child.kill("SIGTERM");
      await exited;
    }
  }, 90_000);
});
