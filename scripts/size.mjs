// `npm run size`: the gzip size of the JavaScript the home page loads before it can render (the entry chunk and
// everything it imports statically). Lazy chunks (booking, admin, video, other pages) are listed but not counted.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "./build-state.mjs";

const budgetKb = 100;
const dist = join(root, "dist/client");
let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
} catch {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

const initial = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || initial.has(chunk.file)) return;
  initial.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit("index.html");

const lazy = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith(".js") && !initial.has(file));

let total = 0;
console.log("Home page, initial JavaScript (gzip):");
for (const file of initial) {
  const size = gzipKb(file);
  total += size;
  console.log(`  ${size.toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`  ${total.toFixed(1).padStart(7)} KB  total (budget ${budgetKb} KB)`);
console.log("Loaded on demand (gzip):");
for (const file of [...new Set(lazy)].sort())
  console.log(`  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);

if (total > budgetKb) {
  console.error(`Initial JavaScript is ${total.toFixed(1)} KB gzip, over the ${budgetKb} KB budget.`);
  process.exit(1);
}
