import { describe, expect, it } from "vitest";
import {
  createTestApp,
  signInAsAdmin,
  TEST_ADMIN_PASSWORD,
  TEST_ORIGIN,
  type TestApp,
  testEngines,
  useTestApp,
} from "../testing/test-app";

/**
 * Behind a reverse proxy the visitor's address comes from X-Forwarded-For, whose left-hand entries the visitor
 * writes: nginx's `$proxy_add_x_forwarded_for` appends the address it saw to whatever arrived. The address the
 * limits count is the right-most entry no trusted proxy wrote, and a peer that is not a trusted proxy is counted by
 * its own address whatever it sends.
 */
const wrongPassword = "not the password at all";

/** Sign-in attempts that reach the app from `remoteAddress`, each with the X-Forwarded-For header it passes on. */
const loginFrom = (t: TestApp, remoteAddress: string) => (password: string, forwardedFor: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { password },
    headers: { origin: TEST_ORIGIN, "x-forwarded-for": forwardedFor },
    remoteAddress,
  });

describe.each(testEngines)("client addresses behind a proxy on %s", (engine) => {
  describe("TRUST_PROXY=true: one proxy in front", () => {
    const t = useTestApp(engine, { env: { TRUST_PROXY: "true" } });

    const login = loginFrom(t, "127.0.0.1");

    it("locks out 40 wrong passwords whose left-hand addresses rotate but whose proxy-written address is one", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 40; attempt++)
        statuses.push((await login(wrongPassword, `203.0.113.${attempt + 1}, 198.51.100.7`)).statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
      const locked = await login(TEST_ADMIN_PASSWORD, "192.0.2.99, 198.51.100.7");
      expect(locked.statusCode).toBe(429);
      expect(locked.json<{ message: string }>().message).toMatch(/^Too many failed attempts/);
      // Another visitor behind the same proxy is not locked out with them.
      expect((await login(TEST_ADMIN_PASSWORD, "203.0.113.1, 198.51.100.8")).statusCode).toBe(200);
    });

    it("counts an IPv6 visitor's failed logins by its /64, and a right password from another network still works", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 8; attempt++)
        statuses.push((await login(wrongPassword, `2001:db8:aa:bb::${attempt + 1}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      expect((await login(TEST_ADMIN_PASSWORD, "2001:db8:aa:bb:1234:5678:9abc:def0")).statusCode).toBe(429);
      expect((await login(TEST_ADMIN_PASSWORD, "2001:db8:aa:bc::1")).statusCode).toBe(200);
    });

    it("answers a proxy-written entry that is no address, or an address with a port, without a 500 or a fresh count", async () => {
      const spellings = [
        "x".repeat(300),
        "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff%eth0-with-a-very-long-zone-name-padding-it-past-64-chars",
        "198.51.100.60:1",
        "198.51.100.60:2",
        "[2001:db8:cc::1]:443",
        "unknown",
      ];
      for (const forwardedFor of spellings) {
        const response = await login(wrongPassword, forwardedFor);
        expect([401, 429]).toContain(response.statusCode);
        expect(response.json<{ message: string }>().message).toMatch(
          /^(Unauthorized|Too many failed attempts)/,
        );
      }
      // The ported spellings of one address count as that address: five failures, then the lockout.
      const ported: number[] = [];
      for (let port = 10; port < 16; port++)
        ported.push((await login(wrongPassword, `198.51.100.61:${port}`)).statusCode);
      expect(ported).toEqual([401, 401, 401, 401, 401, 429]);
      expect((await login(TEST_ADMIN_PASSWORD, "198.51.100.61")).statusCode).toBe(429);
    });

    it("holds the contact form's hourly limit against rotating left-hand addresses, for that visitor only", async () => {
      const contact = (forwardedFor: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/contact",
          payload: { name: "Asha", email: "asha@example.com", message: "Hello" },
          headers: { "x-forwarded-for": forwardedFor },
          remoteAddress: "127.0.0.1",
        });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 8; attempt++)
        statuses.push((await contact(`203.0.113.${attempt + 1}, 198.51.100.30`)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
      expect((await contact("203.0.113.1, 198.51.100.31")).statusCode).toBe(201);
    });
  });

  describe("TRUST_PROXY=2: a CDN in front of the site's own proxy", () => {
    const t = useTestApp(engine, { env: { TRUST_PROXY: "2" } });

    it("counts the address the farther proxy wrote, whatever the visitor put to its left", async () => {
      const login = loginFrom(t, "10.0.0.2");
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await login(wrongPassword, `203.0.113.${attempt}, 198.51.100.40, 10.0.0.1`);
        expect(response.statusCode).toBe(attempt < 5 ? 401 : 429);
      }
      expect((await login(TEST_ADMIN_PASSWORD, "198.51.100.41, 10.0.0.1")).statusCode).toBe(200);
    });
  });

  describe("TRUST_PROXY as a list of proxy addresses", () => {
    const t = useTestApp(engine, {
      env: { TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" },
    });

    const login = (password: string, remoteAddress: string, forwardedFor: string) =>
      loginFrom(t, remoteAddress)(password, forwardedFor);

    it("counts the right-most address no listed proxy wrote, through a chain of proxies", async () => {
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await login(
          wrongPassword,
          "127.0.0.1",
          `203.0.113.${attempt}, 198.51.100.20, 10.1.2.3`,
        );
        expect(response.statusCode).toBe(attempt < 5 ? 401 : 429);
      }
      // The same visitor through another listed proxy: still locked out.
      expect((await login(TEST_ADMIN_PASSWORD, "10.9.9.9", "198.51.100.20")).statusCode).toBe(429);
      // A visitor whose left-hand entry names the locked-out address is not taken for it.
      expect((await login(TEST_ADMIN_PASSWORD, "127.0.0.1", "198.51.100.20, 198.51.100.21")).statusCode).toBe(
        200,
      );
    });

    it("counts a peer that is not a listed proxy by its own address, whatever X-Forwarded-For says", async () => {
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await login(wrongPassword, "192.0.2.50", `198.51.100.${100 + attempt}`);
        expect(response.statusCode).toBe(attempt < 5 ? 401 : 429);
      }
      expect((await login(TEST_ADMIN_PASSWORD, "192.0.2.50", "198.51.100.200")).statusCode).toBe(429);
    });

    it("believes X-Forwarded-Proto only from a listed proxy, for HSTS and the site's own origin", async () => {
      const health = (remoteAddress: string) =>
        t.app.inject({
          method: "GET",
          url: "/api/health",
          headers: { "x-forwarded-proto": "https" },
          remoteAddress,
        });
      expect((await health("10.0.0.5")).headers["strict-transport-security"]).toMatch(/max-age=/);
      expect((await health("192.0.2.50")).headers["strict-transport-security"]).toBeUndefined();
      // Admin writes must come from the site's origin, which is https only when a trusted proxy says so.
      const cookie = await signInAsAdmin(t.app);
      const preview = (remoteAddress: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/admin/articles/preview",
          payload: { content: "Hello" },
          headers: { cookie, origin: "https://localhost:80", "x-forwarded-proto": "https" },
          remoteAddress,
        });
      expect((await preview("10.0.0.5")).statusCode).toBe(200);
      expect((await preview("192.0.2.51")).statusCode).toBe(403);
    });
  });
});

describe("answers from memory behind a proxy", () => {
  /** A public read asked twice over a real socket from 127.0.0.1: the second answer comes from memory. */
  async function hstsTwice(trustProxy: string): Promise<(string | null)[]> {
    const t = await createTestApp("pglite", { env: { TRUST_PROXY: trustProxy } });
    try {
      const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const answers: (string | null)[] = [];
      for (let round = 0; round < 2; round++) {
        const response = await fetch(`${base}/api/config`, { headers: { "x-forwarded-proto": "https" } });
        await response.arrayBuffer();
        answers.push(response.headers.get("strict-transport-security"));
      }
      return answers;
    } finally {
      await t.close();
    }
  }

  it("sends HSTS for X-Forwarded-Proto https only when the peer is a trusted proxy", async () => {
    expect(await hstsTwice("10.0.0.0/8")).toEqual([null, null]);
    const trusted = await hstsTwice("loopback");
    expect(trusted).toHaveLength(2);
    for (const header of trusted) expect(header).toMatch(/max-age=/);
  });
});
