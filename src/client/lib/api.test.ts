import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiGet, apiRequest, errorStatus } from "./api";

/** A small real HTTP server on loopback answering what each test asks for. */
let server: Server;
let base = "";
const seen: { method?: string; url?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      seen.push({
        method: request.method,
        url: request.url,
        contentType: request.headers["content-type"],
        body,
      });
      const [, , kind] = (request.url ?? "").split("/");
      if (kind === "ok")
        return response.writeHead(200, { "content-type": "application/json" }).end('{"hello":"world"}');
      if (kind === "bad")
        return response
          .writeHead(400)
          .end('{"statusCode":400,"error":"Bad Request","message":"Full name is required","requestId":"r1"}');
      if (kind === "empty") return response.writeHead(503, "Service Unavailable").end();
      if (kind === "auth") return response.writeHead(401, "Unauthorized").end("Unauthorized");
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("apiRequest", () => {
  it("sends JSON with a JSON content type and returns the response", async () => {
    const response = await apiRequest("POST", `${base}/api/ok`, { a: 1 });
    expect(await response.json()).toEqual({ hello: "world" });
    expect(seen.at(-1)).toMatchObject({ method: "POST", contentType: "application/json", body: '{"a":1}' });
  });

  it("turns a non-OK answer into an ApiError with the status and the server's error body", async () => {
    const error: unknown = await apiRequest("POST", `${base}/api/bad`, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: "Full name is required" });
    expect((error as ApiError).body?.message).toBe("Full name is required");
    expect(errorStatus(error)).toBe(400);
  });

  it("uses short plain text, else the status text, when there is no error body", async () => {
    await expect(apiRequest("GET", `${base}/api/empty`)).rejects.toMatchObject({
      status: 503,
      body: null,
      message: "Service Unavailable",
    });
    await expect(apiRequest("GET", `${base}/api/auth`)).rejects.toMatchObject({
      status: 401,
      message: "Unauthorized",
    });
  });

  it("has no status for errors that are not answers of the API", () => {
    expect(errorStatus(new TypeError("Failed to fetch"))).toBeNull();
  });
});

describe("apiGet", () => {
  it("reads JSON of a GET", async () => {
    expect(await apiGet(`${base}/api/ok/2026-11-22`)).toEqual({ hello: "world" });
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/api/ok/2026-11-22" });
  });
});
