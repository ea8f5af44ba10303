import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { bookingPayload, testEngines, useTestApp, type TestApp } from "../testing/test-app";
import { requestLine, resolveLogFormat } from "./pretty-log";

/**
 * LOG_FORMAT: readable lines for a person at a terminal, JSON lines for a collector. The readable line of a request is
 * made from its redacted JSON, so it holds route patterns and never a token, an id or a patient's details.
 */
const token = "wJVyr51kquAd8mLWGMs8-K73SIRqev8Z6J7tt4sZBAQ";
const roomId = "eea393a3dc3750007d1a5865b503ca63";
const patient = bookingPayload();
const secrets = [token, roomId, patient.patientName, patient.patientEmail, patient.reasonForConsultation];

/** Requests whose addresses and bodies carry secrets: a manage token, a room id and host key, a booking. */
async function sendRequests(t: TestApp): Promise<number> {
  const requests = [
    { method: "GET" as const, url: `/api/manage/${token}` },
    { method: "GET" as const, url: `/api/manage/${token}/nope` },
    { method: "GET" as const, url: `/api/video-room/${roomId}?key=${roomId}` },
    {
      method: "POST" as const,
      url: "/api/appointments",
      payload: { ...patient, appointmentDate: "2001-01-01" },
    },
  ];
  for (const request of requests) await t.app.inject(request);
  return requests.length;
}

describe.each(testEngines)("readable logs on %s", (engine) => {
  const t = useTestApp(engine, { env: { LOG_FORMAT: "pretty" } });

  it("writes one line per request, under its route pattern, with no token, id or patient detail", async () => {
    t.logs.length = 0;
    const sent = await sendRequests(t);
    const lines = t.logs.join("").split("\n").filter(Boolean);
    const requestLines = lines.filter((line) => / (GET|POST) \/\S* \d{3} \d+ ms$/.test(line));
    expect(requestLines).toHaveLength(sent);
    expect(requestLines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/manage\/:token 404 \d+ ms$/);
    expect(requestLines[1]).toContain("GET /api/manage/wJVyr51k…/nope 404");
    const logged = lines.join("\n");
    for (const secret of secrets) expect(logged).not.toContain(secret);
    expect(logged).not.toContain("{");
  });
});

describe.each(testEngines)("JSON logs on %s", (engine) => {
  const t = useTestApp(engine, { env: { LOG_FORMAT: "json" } });

  it("keeps Fastify's two JSON lines per request, received and answered, with the route pattern", async () => {
    t.logs.length = 0;
    const sent = await sendRequests(t);
    const entries = t.logs
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const received = entries.filter((entry) => entry.msg === "incoming request");
    const answered = entries.filter((entry) => entry.msg === "request completed");
    expect(received).toHaveLength(sent);
    expect(answered).toHaveLength(sent);
    expect(received[0]).toMatchObject({
      level: 30,
      req: { method: "GET", path: "/api/manage/:token" },
      reqId: expect.any(String) as unknown,
    });
    expect(answered[0]).toMatchObject({
      res: { statusCode: 404 },
      responseTime: expect.any(Number) as unknown,
    });
    const logged = t.logs.join("");
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });
});

describe("LOG_FORMAT", () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: "test", ...env });

  it.each([
    ["auto", {}, { isTTY: true, captured: false }, "pretty"],
    ["auto, not a terminal", {}, { isTTY: false, captured: false }, "json"],
    ["auto, npm run dev", { DEV_SERVER: "true" }, { isTTY: false, captured: false }, "pretty"],
    ["auto, the log captured", {}, { isTTY: true, captured: true }, "json"],
    ["json on a terminal", { LOG_FORMAT: "json" }, { isTTY: true, captured: false }, "json"],
    ["pretty in a pipe", { LOG_FORMAT: "pretty" }, { isTTY: false, captured: false }, "pretty"],
  ])("%s", (_case, env, output, format) => {
    expect(resolveLogFormat(config(env), output)).toBe(format);
  });

  it("refuses another value, naming the ones it takes", () => {
    expect(() => config({ LOG_FORMAT: "text" })).toThrow("LOG_FORMAT: must be auto, pretty or json");
  });

  it("reads a request's line from its JSON fields, and nothing from other lines", () => {
    const fields = { req: { method: "GET", path: "/api/manage/:token" }, res: { statusCode: 200 } };
    expect(requestLine({ ...fields, responseTime: 12.4 })).toBe("GET /api/manage/:token 200 12 ms");
    expect(requestLine({ req: fields.req })).toBeUndefined();
  });
});
