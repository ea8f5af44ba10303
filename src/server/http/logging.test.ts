import { pino, type LoggerOptions } from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { loggedPath, loggerOptions, RouteWords, scrubError } from "./logging";

describe("scrubError", () => {
  it("drops the parameters of a failed SQL statement from the message, the stack, the fields and the cause", () => {
    const cause = new Error('duplicate key\nparams: Priya Sharma,priya@example.org,"heart murmur"');
    const error = Object.assign(
      new Error(
        'Failed query: insert into "appointments" values ($1, $2)\nparams: Priya Sharma,priya@example.org',
      ),
      {
        query: 'insert into "appointments" values ($1, $2)',
        params: ["Priya Sharma", "priya@example.org"],
        cause,
      },
    );
    const logged = JSON.stringify(scrubError(error));
    expect(logged).toContain("Failed query: insert into");
    expect(logged).toContain("params: [redacted]");
    for (const secret of ["Priya", "priya@example.org", "heart murmur"]) expect(logged).not.toContain(secret);
  });

  it("drops parameters that span several lines, in the message and the stack alike", () => {
    const error = new Error(
      'Failed query: insert into "articles" values ($1)\nparams: first line\n\nSECRET patient Jane Doe +91 99999 11111',
    );
    const logged = scrubError(error);
    expect(JSON.stringify(logged)).not.toContain("SECRET");
    expect(JSON.stringify(logged)).not.toContain("Jane Doe");
    expect(logged.message).toBe('Failed query: insert into "articles" values ($1)\nparams: [redacted]');
    expect(String(logged.stack)).toContain("logging.test.ts");
  });

  it("keeps an ordinary error's message and stack", () => {
    const logged = scrubError(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    expect(logged.message).toBe("connect ECONNREFUSED 127.0.0.1:5432");
    expect(String(logged.stack)).toContain("logging.test.ts");
  });
});

describe("secrets in log lines", () => {
  const token = "wJVyr51kquAd8mLWGMs8-K73SIRqev8Z6J7tt4sZBAQ";
  const roomId = "eea393a3dc3750007d1a5865b503ca63";

  function logLines(write: (logger: pino.Logger) => void): string {
    const lines: string[] = [];
    const options = loggerOptions(loadConfig({ NODE_ENV: "test" })) as LoggerOptions;
    write(pino(options, { write: (line: string) => lines.push(line) }));
    return lines.join("");
  }

  it("cuts tokens, ids and host keys short in messages and errors that quote an address", () => {
    const logged = logLines((logger) => {
      logger.warn(
        `Reply was already sent, did you forget to "return reply" in the "/api/manage/${token}" route?`,
      );
      logger.error({
        err: new Error(`Reply was already sent for url: /video-consultation/${roomId}?key=${roomId}`),
      });
      logger.info({ orderId: `bk_${roomId}`, uploadId: "40746f69-e7ce-425a-83e3-6c0ffba54983" }, "payment");
      // A refund id carries the appointment's id, as the order id does.
      logger.error({ refundId: `rf_${roomId}_1` }, "refund request did not reach the gateway");
    });
    for (const secret of [token, roomId, "40746f69-e7ce-425a-83e3-6c0ffba54983"])
      expect(logged).not.toContain(secret);
    expect(logged).toContain("/api/manage/wJVyr51k…");
    expect(logged).toContain('"orderId":"bk_eea393a3…"');
    expect(logged).toContain('"refundId":"rf_eea393a3…"');
    expect(logged).toContain("?key=[redacted]");
  });

  it("logs an address no route took with the routes' own words whole and the rest cut short", () => {
    const words = new RouteWords();
    words.add("/api/manage/:token/uploads/:uploadId");
    expect(loggedPath({ url: `/api/manage/${token}x/uploads/nope?key=1`, is404: true }, words)).toBe(
      "/api/manage/wJVyr51k…/uploads/nope",
    );
    expect(
      loggedPath(
        {
          url: `/api/manage/${token}/uploads`,
          is404: false,
          routeOptions: { url: "/api/manage/:token/uploads" },
        },
        words,
      ),
    ).toBe("/api/manage/:token/uploads");
  });
});
