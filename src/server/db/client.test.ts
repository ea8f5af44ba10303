import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { registerErrorHandling } from "../http/errors";
import { DatabaseOpenError, openDatabase } from "./client";

const PASSWORD = "Sup3r-secret-pw";
const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

async function openFailure(url: string): Promise<Error> {
  const error = await openDatabase({ url }).then(
    async (database) => {
      await database.close();
      return undefined;
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DatabaseOpenError);
  const message = (error as Error).message;
  expect(message).not.toContain(PASSWORD);
  expect(message).not.toContain("\n");
  return error as Error;
}

/**
 * A loopback stand-in that answers any startup message the way PostgreSQL refuses a login: an ErrorResponse with
 * the given SQLSTATE (wire protocol 3.0), then closes.
 */
async function refusingServer(code: string, message: string): Promise<{ port: number; close: () => void }> {
  const field = (type: string, value: string) =>
    Buffer.concat([Buffer.from(type), Buffer.from(`${value}\0`)]);
  const body = Buffer.concat([field("S", "FATAL"), field("C", code), field("M", message), Buffer.from([0])]);
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  const reply = Buffer.concat([Buffer.from("E"), length, body]);
  const server = createServer((socket) => socket.once("data", () => socket.end(reply)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { port: address.port, close: () => server.close() };
}

describe("a wrong DATABASE_URL", () => {
  it("names a refused connection in one line, without the password", async () => {
    const port = await closedPort();
    const error = await openFailure(`postgres://clinic:${PASSWORD}@127.0.0.1:${port}/clinic`);
    expect(error.message).toBe(
      `Cannot connect to PostgreSQL at 127.0.0.1:${port} (database clinic): connection refused. Check DATABASE_URL.`,
    );
  });

  it("refuses a password with an @ that is not percent-encoded, printing none of it", async () => {
    const error = await openFailure("postgres://clinic:p@ss/w:rd%1@127.0.0.1:5432/clinic");
    expect(error.message).toBe(
      "DATABASE_URL has more than one @ before its host: percent-encode the user name and password " +
        "(@ as %40, / as %2F, : as %3A, % as %25, # as %23).",
    );
    expect(error.message).not.toMatch(/p@ss|w:rd%1/);
  });

  it("names a host name that does not resolve", async () => {
    const error = await openFailure(`postgres://clinic:${PASSWORD}@no-such-host.invalid:5432/clinic`);
    expect(error.message).toBe(
      "Cannot connect to PostgreSQL at no-such-host.invalid:5432 (database clinic): " +
        "the host name no-such-host.invalid could not be resolved. Check DATABASE_URL.",
    );
  });

  it.each([
    ["a wrong password", "28P01", 'password authentication failed for user "clinic"'],
    ["an unknown database", "3D000", 'database "clinic" does not exist'],
  ])("names %s (SQLSTATE %s)", async (_what, sqlState, serverMessage) => {
    const server = await refusingServer(sqlState, serverMessage);
    try {
      const error = await openFailure(`postgres://clinic:${PASSWORD}@127.0.0.1:${server.port}/clinic`);
      expect(error.message).toBe(
        `Cannot connect to PostgreSQL at 127.0.0.1:${server.port} (database clinic): ` +
          `${serverMessage}. Check DATABASE_URL.`,
      );
    } finally {
      server.close();
    }
  });

  it.runIf(testDatabaseUrl)("names an unknown database on a real server", async () => {
    const url = new URL(testDatabaseUrl ?? "");
    url.password = PASSWORD;
    url.pathname = "/clinic_no_such_database";
    const error = await openFailure(url.toString());
    expect(error.message).toBe(
      `Cannot connect to PostgreSQL at ${url.hostname}:${url.port || 5432} (database clinic_no_such_database): ` +
        'database "clinic_no_such_database" does not exist. Check DATABASE_URL.',
    );
  });

  it.runIf(testDatabaseUrl)("names a user the server does not accept", async () => {
    const url = new URL(testDatabaseUrl ?? "");
    url.username = "clinic_no_such_user";
    url.password = PASSWORD;
    const error = await openFailure(url.toString());
    expect(error.message).toMatch(
      /^Cannot connect to PostgreSQL at .+ \(database .+\): .*authentication failed for user "clinic_no_such_user".*\. Check DATABASE_URL\.$/,
    );
  });

  it.runIf(testDatabaseUrl)("opens when the address is right", async () => {
    const database = await openDatabase({ url: testDatabaseUrl });
    expect(await database.ping()).toBe(true);
    await database.close();
  });
});

/** What a client is answered when a route fails with this error. */
async function answerTo(error: unknown): Promise<{ status: number; retryAfter: unknown; message: unknown }> {
  const app = Fastify();
  registerErrorHandling(app);
  app.get("/", () => {
    throw error;
  });
  const response = await app.inject({ method: "GET", url: "/" });
  await app.close();
  return {
    status: response.statusCode,
    retryAfter: response.headers["retry-after"],
    message: response.json<{ message?: unknown }>().message,
  };
}

describe.runIf(testDatabaseUrl)("a PostgreSQL connection lost in the middle of a transaction", () => {
  /** Ends one server process from outside, as a restart, a failover or an administrator would, and waits till it is gone. */
  async function terminateBackend(pid: number): Promise<void> {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const { rowCount } = await admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid]);
        if (rowCount === 0) return;
      }
      throw new Error(`backend ${pid} did not end`);
    } finally {
      await admin.end();
    }
  }

  it("fails that transaction only: the process keeps running and the next query is answered", async () => {
    const database = await openDatabase({ url: testDatabaseUrl, poolSize: 2 });
    try {
      let failure: unknown;
      const outcome = await database.db
        .transaction(async (tx) => {
          const result = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as {
            rows: { pid: number }[];
          };
          await terminateBackend(Number(result.rows[0]?.pid));
          // The transaction waits on something else (a file, a gateway) while its connection is closed under it:
          // the connection's error arrives with no query running, which once ended the whole process.
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`SELECT 1`);
          return "committed";
        })
        .catch((error: unknown) => {
          failure = error;
          return "failed";
        });
      expect(outcome).toBe("failed");
      expect(await answerTo(failure)).toEqual({
        status: 503,
        retryAfter: "5",
        message: "The service is briefly unavailable. Please try again in a moment.",
      });
      expect(await database.ping()).toBe(true);
      expect((await answerTo(new Error("a fault of ours"))).status).toBe(500);
      const again = (await database.db.execute(sql`SELECT 1 AS one`)) as { rows: { one: number }[] };
      expect(again.rows[0]?.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
