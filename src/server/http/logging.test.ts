import { describe, expect, it } from "vitest";
import { scrubError } from "./logging";

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
