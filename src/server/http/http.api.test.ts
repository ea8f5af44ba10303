import { describe, expect, it } from "vitest";
import { testEngines, useTestApp } from "../testing/test-app";

describe.each(testEngines)("HTTP basics on %s", (engine) => {
  const t = useTestApp(engine);

  it("reports health with the database reachable", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: { engine, up: true } });
  });

  it("answers an unknown API path with a JSON 404 in the one error shape", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/does-not-exist", payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/json");
    const body = response.json<Record<string, unknown>>();
    expect(body).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: "No API route POST /api/does-not-exist",
      requestId: response.headers["x-request-id"],
    });
  });

  it("answers an unknown page with status 404 and the 404 page title", async () => {
    const response = await t.app.inject({ method: "GET", url: "/no/such/page" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ page: { title: "404 Page Not Found" } });
  });

  it("serves every browser route of the app", async () => {
    for (const url of [
      "/",
      "/contact-us",
      "/terms-conditions",
      "/refunds-cancellations",
      "/admin",
      "/admin/cashfree-test",
      "/payment/callback?order_id=x",
      "/video-consultation/abc",
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(200);
    }
  });

  it("answers a preview card of no page, or of an old or made-up version, with 404 and never 500", async () => {
    for (const file of [
      "article--000000000000.png",
      "article-%2e%2e-000000000000.png",
      "article-no-such-article-0123456789ab.png",
      "home-000000000000.png",
      "privacy-abcdefabcdef.png",
      "..%2f..%2fetc%2fpasswd",
    ]) {
      const response = await t.app.inject({ method: "GET", url: `/preview/${file}` });
      expect(response.statusCode, file).toBe(404);
    }
  });

  it("sends security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("gives every response its own random request id", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const response = await t.app.inject({ method: "GET", url: "/api/health" });
      ids.add(String(response.headers["x-request-id"]));
    }
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
