import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { twMerge } from "tailwind-merge";
import { expect, it } from "vitest";
import { mergeClasses } from "./class-merge";

/** Every class-like word written in the browser app's source: what can meet in one `cn(...)`. */
function classesInSource(): string[] {
  const root = new URL("..", import.meta.url).pathname;
  const words = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (
        /\.tsx?$/.test(entry.name) &&
        !entry.name.includes(".test.") &&
        entry.name !== "class-merge.ts"
      ) {
        for (const match of readFileSync(path, "utf8").matchAll(/"([^"\n]*)"|`([^`]*)`|'([^'\n]*)'/g)) {
          for (const word of (match[1] ?? match[2] ?? match[3] ?? "").split(/\s+/)) if (word) words.add(word);
        }
      }
    }
  };
  visit(root);
  // Only Tailwind utilities (the full tailwind-merge sees a repeated one as one) matter.
  return [...words].filter((word) => !word.includes("${") && twMerge(`${word} ${word}`) === word).sort();
}

it("merges every pair of classes used in the app as tailwind-merge's full configuration does", () => {
  const classes = classesInSource();
  expect(classes.length).toBeGreaterThan(300);
  const disagreements: string[] = [];
  for (const first of classes)
    for (const second of classes) {
      if (first === second) continue;
      const pair = `${first} ${second}`;
      const expected = twMerge(pair);
      if (mergeClasses(pair) !== expected)
        disagreements.push(`"${pair}" -> "${expected}", not "${mergeClasses(pair)}"`);
    }
  expect(disagreements.slice(0, 40)).toEqual([]);
});
