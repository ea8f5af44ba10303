import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, gzipBody, identityBody, NONCE, prepareResponse } from "./prepared-response";

const headers = { "content-type": "text/html; charset=utf-8" };

describe("prepared responses", () => {
  it("fills every nonce hole with the response's nonce, in the plain and the gzip body alike", async () => {
    const body = "<p>" + "long page text ".repeat(2000) + "</p>";
    const prepared = await prepareResponse(
      ['<script nonce="', NONCE, '"></script><style nonce="', NONCE, '"></style>', body],
      { headers },
    );
    for (const nonce of ["AAAAAAAAAAAAAAAAAAAAAA==", "b1/+c2d3e4f5g6h7i8j9kA=="]) {
      const expected = `<script nonce="${nonce}"></script><style nonce="${nonce}"></style>${body}`;
      expect(identityBody(prepared, nonce).toString()).toBe(expected);
      // gunzip checks the CRC-32 and the length in the trailer.
      expect(gunzipSync(gzipBody(prepared, nonce)).toString()).toBe(expected);
    }
    expect(gzipBody(prepared, "x".repeat(24)).length).toBeLessThan(body.length / 10);
  });

  it("keeps one validator for a page whatever its nonce, and another when the content changes", async () => {
    const a = await prepareResponse(["<p>", NONCE, "</p>"], { headers });
    const b = await prepareResponse(["<p>", NONCE, "</p>"], { headers });
    const c = await prepareResponse(["<p>", NONCE, "!</p>"], { headers });
    expect(a.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(b.etag).toBe(a.etag);
    expect(c.etag).not.toBe(a.etag);
  });

  it("offers Brotli for bodies without holes, and chooses what the client accepts", async () => {
    const json = await prepareResponse([JSON.stringify({ articles: ["x".repeat(500)] })], { headers });
    const page = await prepareResponse(["<p>", NONCE, "</p>"], { headers });
    expect(json.brotli).toBeDefined();
    expect(page.brotli).toBeUndefined();
    expect(chooseEncoding("gzip, deflate, br, zstd", json)).toBe("br");
    expect(chooseEncoding("gzip, deflate, br, zstd", page)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip", json)).toBe("gzip");
    expect(chooseEncoding("br;q=0.1, gzip;q=0.9", json)).toBe("gzip");
    expect(chooseEncoding("gzip;q=0.5, br;q=0.5", json)).toBe("br");
    expect(chooseEncoding("*;q=0.3, gzip;q=0.2", json)).toBe("br");
    expect(chooseEncoding("*;q=0", json)).toBe("identity");
    expect(chooseEncoding("gzip;q=banana", json)).toBe("identity");
    expect(chooseEncoding("identity", json)).toBe("identity");
    expect(chooseEncoding(undefined, json)).toBe("identity");
    expect(gunzipSync(gzipBody(json, "")).toString()).toBe(identityBody(json, "").toString());
  });
});
