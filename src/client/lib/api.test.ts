import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequest, getQueryFn } from "./api";

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
      if (kind === "bad") return response.writeHead(400).end('{"message":"Full name is required"}');
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

  it("turns a non-OK answer into an error '{status}: {body}'", async () => {
    await expect(apiRequest("POST", `${base}/api/bad`, {})).rejects.toThrow(
      '400: {"message":"Full name is required"}',
    );
  });

  it("uses the status text when the body is empty", async () => {
    await expect(apiRequest("GET", `${base}/api/empty`)).rejects.toThrow("503: Service Unavailable");
  });
});

describe("getQueryFn", () => {
  const run = (on401: "returnNull" | "throw", key: string[]) =>
    new QueryClient().fetchQuery({ queryKey: key, queryFn: getQueryFn({ on401 }), retry: false });

  it("reads the address made of the key's parts joined by '/'", async () => {
    expect(await run("throw", [`${base}/api`, "ok", "2026-11-22"])).toEqual({ hello: "world" });
    expect(seen.at(-1)?.url).toBe("/api/ok/2026-11-22");
  });

  it("treats 401 as an error by default, and as null when asked", async () => {
    await expect(run("throw", [`${base}/api/auth`])).rejects.toThrow("401: Unauthorized");
    expect(await run("returnNull", [`${base}/api/auth`])).toBeNull();
  });
});
