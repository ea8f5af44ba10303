import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, inject, it } from "vitest";
import { projectRoot } from "../paths";
import { type Database, DataDirInUseError, MOVED_NOTE, openDatabase, rowsOf } from "./client";
import { DatabaseOpenError } from "./open-error";
import { LOCK_FILE_NAME, lockDataDir } from "./data-dir-lock";
import { seededDataDir } from "../testing/seeded-data-dir";

const lockModule = pathToFileURL(join(projectRoot, "src/server/db/data-dir-lock.ts")).href;
const clientModule = pathToFileURL(join(projectRoot, "src/server/db/client.ts")).href;
const hasProc = existsSync("/proc/self/stat");

const newFolder = () => seededDataDir("clinic-lock-");
const lockFileOf = (dir: string) => join(dir, LOCK_FILE_NAME);
const readLock = (dir: string) => JSON.parse(readFileSync(lockFileOf(dir), "utf8")) as { pid: number };

/** A lock file as another process would have left it. */
function writeForeignLock(dir: string, fields: Record<string, unknown>): void {
  const record = {
    pid: 1,
    hostname: hostname(),
    command: "npm start",
    since: new Date().toISOString(),
    token: "0123456789abcdef01234567",
    ...fields,
  };
  writeFileSync(lockFileOf(dir), JSON.stringify(record));
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

const children: ChildProcess[] = [];

/** Runs an ES module script (TypeScript imports allowed) in a new Node process. */
function runScript(code: string): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "" },
  });
  children.push(child);
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const opened: Database[] = [];
async function open(dataDir: string | undefined): Promise<Database> {
  const database = await openDatabase({ dataDir });
  opened.push(database);
  return database;
}

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const database of opened.splice(0)) await database.close().catch(() => undefined);
});

describe("one process per embedded-database folder", () => {
  it("refuses a second open of the same folder, naming the holder, and opens again after close", async () => {
    const dir = newFolder();
    const first = await open(dir);
    await first.migrate();
    await first.db.execute(sql`create table kept (value text)`);
    await first.db.execute(sql`insert into kept values ('written by the first')`);

    const refused = await openDatabase({ dataDir: dir }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataDirInUseError);
    const message = (refused as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^The database folder ${dir} is in use by another process \\(pid ${process.pid}, .+ since \\d\\d:\\d\\d\\)\\. ` +
          "Stop that process first, or set DATA_DIR to another folder\\.$",
      ),
    );
    expect(message).not.toContain("\n");

    await first.close();
    opened.length = 0;
    expect(existsSync(lockFileOf(dir))).toBe(false);
    const again = await open(dir);
    const rows = rowsOf<{ value: string }>(await again.db.execute(sql`select value from kept`));
    expect(rows).toEqual([{ value: "written by the first" }]);
    expect(readLock(dir).pid).toBe(process.pid);
  });

  it("keeps the data folder to the server's own user, even when it existed with open permissions", async () => {
    const dir = newFolder();
    chmodSync(dir, 0o777);
    await open(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it("needs no lock for an in-memory database", async () => {
    const initialData = new Blob([readFileSync(inject("migratedPgliteFile"))]);
    const first = await openDatabase({ initialData });
    const second = await openDatabase({ initialData });
    opened.push(first, second);
    expect(first.engine).toBe("pglite");
    expect(second.engine).toBe("pglite");
  });

  it("is not blocked by a lock left by a process that died", async () => {
    const dir = newFolder();
    writeForeignLock(dir, { pid: deadPid() });
    await open(dir);
    expect(readLock(dir).pid).toBe(process.pid);
  });

  it("is not blocked by a lock of an earlier process that had this process's pid (container restart)", async () => {
    const dir = newFolder();
    writeForeignLock(dir, { pid: process.pid });
    const lock = await lockDataDir(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
  });

  it.runIf(hasProc)("is not blocked when the pid now belongs to another process", async () => {
    const sleeper = spawn("sleep", ["30"]);
    try {
      const dir = newFolder();
      writeForeignLock(dir, { pid: sleeper.pid, processStart: 1 });
      const lock = await lockDataDir(dir);
      lock.release();
      // The same pid with its real start time is the holder, alive.
      const start = Number(readFileSync(`/proc/${sleeper.pid}/stat`, "utf8").split(") ")[1]?.split(" ")[19]);
      writeForeignLock(dir, { pid: sleeper.pid, processStart: start });
      await expect(lockDataDir(dir)).rejects.toThrow(`pid ${sleeper.pid}, npm start since`);
    } finally {
      sleeper.kill("SIGKILL");
    }
  });

  it.runIf(hasProc)("is not blocked by a holder that was killed but not yet reaped (a zombie)", async () => {
    // Perl (part of every Debian base system) forks a child that exits at once and never reaps it. A shell is not
    // reliable here: it may reap its background child before it execs.
    const parent = spawn("perl", [
      "-e",
      '$| = 1; my $pid = fork(); exit 0 unless $pid; print "$pid\\n"; sleep 30',
    ]);
    try {
      let output = "";
      parent.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      await waitFor(() => output.includes("\n"));
      const zombie = Number(output.trim());
      await waitFor(
        () => readFileSync(`/proc/${zombie}/stat`, "utf8").split(") ")[1]?.startsWith("Z") ?? false,
      );
      const dir = newFolder();
      writeForeignLock(dir, { pid: zombie });
      const lock = await lockDataDir(dir);
      lock.release();
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it("respects a lock held on another host, and says how to clear it if that host is gone", async () => {
    const dir = newFolder();
    writeForeignLock(dir, { pid: 4242, hostname: "clinic-old-container" });
    await expect(lockDataDir(dir)).rejects.toThrow(
      "(pid 4242 on host clinic-old-container, npm start since ",
    );
    await expect(lockDataDir(dir)).rejects.toThrow(
      `If that machine or container no longer runs, delete ${lockFileOf(dir)}.`,
    );
  });

  it("clears an empty lock file left by a writer that died, once it is old", async () => {
    const dir = newFolder();
    writeFileSync(lockFileOf(dir), "");
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFileOf(dir), old, old);
    const lock = await lockDataDir(dir);
    expect(readLock(dir).pid).toBe(process.pid);
    lock.release();
  });

  it("removes its lock when the process exits without closing", async () => {
    const dir = newFolder();
    const run = runScript(
      `import { lockDataDir } from ${JSON.stringify(lockModule)};
       await lockDataDir(${JSON.stringify(dir)});
       console.log("locked");`,
    );
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain("locked");
    expect(existsSync(lockFileOf(dir))).toBe(false);
  });

  it("after kill -9 of the process holding the folder, the next open succeeds", async () => {
    const dir = newFolder();
    const holder = runScript(
      `import { openDatabase } from ${JSON.stringify(clientModule)};
       await openDatabase({ dataDir: ${JSON.stringify(dir)} });
       console.log("open");
       setInterval(() => undefined, 1000);`,
    );
    await waitFor(() => holder.output().includes("open"));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`pid ${holder.child.pid}`);

    holder.child.kill("SIGKILL");
    await holder.exited;
    expect(readLock(dir).pid).toBe(holder.child.pid);
    await open(dir);
    expect(readLock(dir).pid).toBe(process.pid);
  });

  it("lets exactly one of several processes starting together on a stale lock win", async () => {
    const dir = newFolder();
    writeForeignLock(dir, { pid: deadPid() });
    const contenders = Array.from({ length: 6 }, () =>
      runScript(
        `import { lockDataDir } from ${JSON.stringify(lockModule)};
         // Start together: wait for the go file, then race.
         const { existsSync } = await import("node:fs");
         console.log("ready");
         while (!existsSync(${JSON.stringify(join(dir, "go"))})) await new Promise((r) => setTimeout(r, 5));
         try {
           await lockDataDir(${JSON.stringify(dir)});
           console.log("won " + process.pid);
           await new Promise((r) => setTimeout(r, 3000));
         } catch (error) {
           console.log("refused: " + error.message);
         }`,
      ),
    );
    await waitFor(() => contenders.every((contender) => contender.output().includes("ready")));
    writeFileSync(join(dir, "go"), "");
    await Promise.all(contenders.map((contender) => contender.exited));
    const outputs = contenders.map((contender) => contender.output());
    const winners = outputs.filter((output) => output.includes("won "));
    expect(winners).toHaveLength(1);
    const winnerPid = /won (\d+)/.exec(winners[0] ?? "")?.[1];
    for (const output of outputs.filter((text) => !text.includes("won "))) {
      expect(output).toContain(
        `refused: The database folder ${dir} is in use by another process (pid ${winnerPid},`,
      );
    }
  });
});

describe("an embedded database moved to PostgreSQL", () => {
  it("is not opened again without DATABASE_URL, with a message naming the note; deleting the note opens it", async () => {
    const dataDir = seededDataDir("clinic-moved-");
    writeFileSync(join(dataDir, MOVED_NOTE), "moved\n");
    const refusal = openDatabase({ dataDir });
    await expect(refusal).rejects.toBeInstanceOf(DatabaseOpenError);
    await expect(refusal).rejects.toThrow(/was moved to PostgreSQL.*set DATABASE_URL/);
    // Nothing of the folder was taken: no lock is left behind.
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    rmSync(join(dataDir, MOVED_NOTE));
    const database = await openDatabase({ dataDir });
    await database.close();
  });
});
