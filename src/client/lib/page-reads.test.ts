import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { type ReadSource, ReadStore } from "./page-reads";
import { shareReads } from "./query-provider";

const config = { consultationFee: 500 };
const configKey = ["config"] as const;

interface CountedSource<T> extends ReadSource<T> {
  readonly calls: number;
}

/** A source that answers from a list, one answer a call, and counts the calls. */
function sourceOf<T>(key: readonly unknown[], ...answers: (T | Error)[]): CountedSource<T> {
  let calls = 0;
  return {
    key,
    get calls() {
      return calls;
    },
    fetch: () => {
      const answer = answers[calls++] ?? new Error("no answer");
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the public pages' reads", () => {
  it("shows what the page came with and asks for nothing", async () => {
    const reads = new ReadStore([{ key: configKey, data: config }]);
    const source = sourceOf(configKey, { consultationFee: 700 });
    reads.loadIfNeeded(source);
    await settled();
    expect(source.calls).toBe(0);
    expect(reads.stateOf(configKey)).toEqual({ status: "success", data: config, stale: false });
  });

  it("asks once for a read the page did not carry, and says when it failed", async () => {
    const reads = new ReadStore();
    const articles = sourceOf(["articles"], new Error("offline"), { articles: [] });
    reads.loadIfNeeded(articles);
    reads.loadIfNeeded(articles);
    expect(reads.stateOf(["articles"]).status).toBe("pending");
    await settled();
    expect(articles.calls).toBe(1);
    expect(reads.stateOf(["articles"]).status).toBe("error");
    // A later visit to the page asks again.
    reads.loadIfNeeded(articles);
    await settled();
    expect(reads.stateOf(["articles"])).toEqual({ status: "success", data: { articles: [] }, stale: false });
  });

  it("keeps showing a read the console marked out of date while it asks for it again", async () => {
    const reads = new ReadStore([{ key: ["articles"], data: { articles: ["old"] } }]);
    reads.invalidate(["articles"]);
    expect(reads.stateOf(["articles"])).toMatchObject({ data: { articles: ["old"] }, stale: true });
    reads.loadIfNeeded(sourceOf(["articles"], { articles: ["new"] }));
    await settled();
    expect(reads.stateOf(["articles"])).toEqual({
      status: "success",
      data: { articles: ["new"] },
      stale: false,
    });
  });
});

describe("the reads shared with TanStack Query", () => {
  it("gives Query the page's reads, and the pages what Query reads again", async () => {
    const reads = new ReadStore([{ key: configKey, data: config }]);
    const client = new QueryClient();
    shareReads(client, reads);
    expect(client.getQueryData(configKey)).toBe(config);

    const changed = { consultationFee: 800 };
    client.setQueryData(configKey, changed);
    await settled();
    expect(reads.stateOf(configKey)).toEqual({ status: "success", data: changed, stale: false });
  });

  it("marks a public read out of date when the console invalidates it, even one the pages fetched later", async () => {
    const reads = new ReadStore([{ key: configKey, data: config }]);
    const client = new QueryClient();
    shareReads(client, reads);
    reads.loadIfNeeded(sourceOf(["articles"], { articles: ["one"] }));
    await settled();
    expect(client.getQueryData(["articles"])).toEqual({ articles: ["one"] });

    await client.invalidateQueries({ queryKey: ["articles"] });
    expect(reads.stateOf(["articles"])).toMatchObject({ stale: true });
    expect(reads.stateOf(configKey)).toMatchObject({ stale: false });
  });

  it("marks a read out of date when Query drops it, so that a later change in the console is not missed", () => {
    const reads = new ReadStore([{ key: ["articles"], data: { articles: [] } }]);
    const client = new QueryClient();
    shareReads(client, reads);
    client.removeQueries({ queryKey: ["articles"] });
    expect(reads.stateOf(["articles"])).toMatchObject({ stale: true });
  });
});
