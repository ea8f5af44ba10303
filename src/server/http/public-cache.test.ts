import { describe, expect, it } from "vitest";
import { prepareResponse } from "./prepared-response";
import { PublicCache } from "./public-cache";

const entry = (text: string) =>
  prepareResponse([text], { headers: { "content-type": "application/json; charset=utf-8" } });

describe("PublicCache", () => {
  it("keeps answers until public content changes", async () => {
    const cache = new PublicCache();
    cache.set("/api/articles", await entry("[1]"), cache.generation);
    expect(cache.get("/api/articles")).toBeDefined();
    cache.invalidate();
    expect(cache.get("/api/articles")).toBeUndefined();
  });

  it("does not keep an answer read before a change that happened while it was read", async () => {
    const cache = new PublicCache();
    const started = cache.generation;
    cache.invalidate();
    cache.set("/api/articles", await entry("[old]"), started);
    expect(cache.get("/api/articles")).toBeUndefined();
  });

  it("serves nothing from memory while the change feed is down, and starts empty when it is back", async () => {
    const cache = new PublicCache();
    cache.set("/a", await entry("a"), cache.generation);
    cache.suspend();
    expect(cache.get("/a")).toBeUndefined();
    cache.set("/a", await entry("a"), cache.generation);
    expect(cache.get("/a")).toBeUndefined();
    cache.resume();
    cache.set("/a", await entry("a"), cache.generation);
    expect(cache.get("/a")).toBeDefined();
  });

  it("lets the least recently stored answers go past its memory bound, and forgets old ones", async () => {
    const one = await entry("x".repeat(1000));
    const cache = new PublicCache({ maxBytes: one.size * 5, maxAgeMs: 60_000 });
    for (let i = 0; i < 20; i++) cache.set(`/p/${i}`, await entry("x".repeat(1000)), cache.generation);
    expect(cache.stats.entries).toBeLessThanOrEqual(5);
    expect(cache.stats.bytes).toBeLessThanOrEqual(one.size * 5);
    expect(cache.get("/p/19")).toBeDefined();
    expect(cache.get("/p/0")).toBeUndefined();
    const expiring = new PublicCache({ maxAgeMs: -1 });
    expiring.set("/a", one, expiring.generation);
    expect(expiring.get("/a")).toBeUndefined();
  });
});
