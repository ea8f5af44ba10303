import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { CONCURRENT_CHANGE_MESSAGE, registerErrorHandling } from "./errors";

/** A route failing the way Drizzle reports a PostgreSQL error: the driver's error, with its code, as the cause. */
async function appFailingWith(code: string) {
  const app = Fastify();
  registerErrorHandling(app);
  app.get("/fails", async () => {
    throw new Error("Failed query", { cause: Object.assign(new Error("deadlock detected"), { code }) });
  });
  await app.ready();
  return app;
}

describe("a transaction PostgreSQL broke off for a concurrent one", () => {
  it.each(["40P01", "40001"])("answers %s with a 409 that says to try again, not a 500", async (code) => {
    const app = await appFailingWith(code);
    const answer = await app.inject({ method: "GET", url: "/fails" });
    expect(answer.statusCode).toBe(409);
    expect(answer.json<{ message: string }>().message).toBe(CONCURRENT_CHANGE_MESSAGE);
    await app.close();
  });

  it("still answers any other database failure 500", async () => {
    const app = await appFailingWith("XX000");
    expect((await app.inject({ method: "GET", url: "/fails" })).statusCode).toBe(500);
    await app.close();
  });
});
