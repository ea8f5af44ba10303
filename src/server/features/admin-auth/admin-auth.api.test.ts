import { afterEach, describe, expect, it } from "vitest";
import { adminSessions } from "../../db/schema";
import { createTestApp, testClock, testEngines, useTestApp } from "../../testing/test-app";

const password = "correct horse battery staple";
const START = "2026-11-21T10:00:00Z";
const clock = testClock(START);
const origin = "http://localhost:80";

describe.each(testEngines)("admin login and sessions on %s", (engine) => {
  const t = useTestApp(engine, { env: { ADMIN_PASSWORD: password }, now: clock.now });
  // Tests that wait out a lockout or a session move the clock; each test starts from the same moment.
  afterEach(() => clock.set(START));
  let address = 0;
  const from = () => `10.2.0.${++address}`;

  const login = (attempt: string, remoteAddress = from()) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password: attempt },
      headers: { origin },
      remoteAddress,
    });
  const cookieOf = (response: Awaited<ReturnType<typeof login>>) => {
    const header = [response.headers["set-cookie"]].flat()[0] ?? "";
    return { header, value: header.split(";")[0] ?? "" };
  };
  const session = (cookie: string) =>
    t.app.inject({ method: "GET", url: "/api/admin/session", headers: { cookie } });
  /** How the session answers once the clock has moved on by `minutes`. */
  const sessionStatusAfter = async (cookie: string, minutes: number) => {
    clock.advanceMinutes(minutes);
    return (await session(cookie)).statusCode;
  };

  it("sets an HttpOnly, SameSite=Strict session cookie whose token is stored only as a hash", async () => {
    const response = await login(password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ authenticated: true, expiresAt: "2026-11-21T22:00:00.000Z" });
    const { header, value } = cookieOf(response);
    expect(header).toMatch(/^admin_session=[A-Za-z0-9_-]{43};/);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Strict");
    expect(header).toContain("Path=/");
    expect(header).not.toContain("Secure");
    const token = value.split("=")[1] ?? "";
    const stored = await t.database.db.select().from(adminSessions);
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
    expect((await session(value)).statusCode).toBe(200);
  });

  it("answers a wrong password with 401 and a message, not a session", async () => {
    const response = await login("not the password");
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toBe("Unauthorized: the password is incorrect");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect((await session("admin_session=made-up-token")).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/session" })).statusCode).toBe(401);
  });

  it("locks an address out for 15 minutes after 5 failures, even for the right password", async () => {
    const address = from();
    for (let i = 0; i < 5; i++) expect((await login(`wrong ${i}`, address)).statusCode).toBe(401);
    clock.advanceMinutes(3);
    const locked = await login(password, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ message: string }>().message).toBe(
      "Too many failed attempts. Please try again in 12 minutes.",
    );
    expect(locked.headers["retry-after"]).toBe("720");
    expect((await login(password, from())).statusCode).toBe(200);

    clock.advanceMinutes(12);
    expect((await login(password, address)).statusCode).toBe(200);
  });

  it("checks at most 5 passwords from one address even when 100 arrive at once", async () => {
    const address = from();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(i === 50 ? password : `wrong ${i}`, address)),
    );
    const statuses = answers.map((response) => response.statusCode);
    // Only a compared password can answer 401 or 200; everything past the fifth attempt is refused unchecked.
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(95);
    expect((await login(password, address)).statusCode).toBe(429);
    clock.advanceMinutes(15);
    expect((await login(password, address)).statusCode).toBe(200);
  });

  it("ends a session after 2 hours without activity", async () => {
    const { value } = cookieOf(await login(password));
    expect(await sessionStatusAfter(value, 119)).toBe(200);
    expect(await sessionStatusAfter(value, 119)).toBe(200);
    expect(await sessionStatusAfter(value, 121)).toBe(401);
  });

  it("ends a session 12 hours after login however active it is", async () => {
    const { value } = cookieOf(await login(password));
    for (let hour = 0; hour < 11; hour++) expect(await sessionStatusAfter(value, 60)).toBe(200);
    expect(await sessionStatusAfter(value, 60)).toBe(401);
  });

  it("logs out on the server: the old cookie no longer opens anything", async () => {
    const { value } = cookieOf(await login(password));
    const out = await t.app.inject({
      method: "POST",
      url: "/api/admin/logout",
      payload: {},
      headers: { cookie: value, origin },
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/admin_session=;/);
    expect((await session(value)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/stats", headers: { cookie: value } })).statusCode,
    ).toBe(401);
  });
});

describe("admin session cookie on an https site", () => {
  it("is Secure", async () => {
    const t = await createTestApp("pglite", {
      env: { ADMIN_PASSWORD: password, PUBLIC_BASE_URL: "https://clinic.example" },
    });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { password },
      headers: { origin: "https://clinic.example" },
    });
    expect(String(response.headers["set-cookie"])).toContain("Secure");
    await t.close();
  });
});
