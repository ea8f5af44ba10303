import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configVariables } from "./config";
import { projectRoot } from "./paths";

describe("README", () => {
  it("documents every environment variable the server reads, in a table row of its own", () => {
    const readme = readFileSync(join(projectRoot, "README.md"), "utf8");
    const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((match) => match[1]));
    expect(configVariables.length).toBeGreaterThan(30);
    expect(configVariables.filter((name) => !documented.has(name))).toEqual([]);
  });
});
