// `npm run size`: the gzip size of the JavaScript the home page loads before it can render (the entry chunk and
// everything it imports statically), and with it, for each language's home page (/, /hi/, /kn/), that language's
// site catalogue, which the page carries in its data. Lazy chunks (booking, admin, video, other pages) are listed but
// not counted.
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

/**
 * The gzip size of a language's compiled site catalogue as the page data carries it (JSON). The compiled module
 * (src/shared/i18n/catalogues/<language>/site.ts, made by the build) holds it as one JSON string literal.
 */
function catalogueKb(language) {
  const source = readFileSync(join(root, `src/shared/i18n/catalogues/${language}/site.ts`), "utf8");
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (!literal)
    throw new Error(`No compiled catalogue in catalogues/${language}/site.ts: run \`npm run build\`.`);
  const messages = JSON.stringify(JSON.parse(JSON.parse(literal)));
  return gzipSync(messages, { level: 9 }).length / 1024;
}

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
console.log(`  ${total.toFixed(1).padStart(7)} KB  total`);
const languages = ["en", "hi", "kn"].map((language) => ({ language, total: total + catalogueKb(language) }));
console.log("With the page's own catalogue (gzip):");
for (const { language, total: withCatalogue } of languages) {
  const page = language === "en" ? "/" : `/${language}/`;
  console.log(`  ${withCatalogue.toFixed(1).padStart(7)} KB  ${page.padEnd(5)} (budget ${budgetKb} KB)`);
}
console.log("Loaded on demand (gzip):");
for (const file of [...new Set(lazy)].sort())
  console.log(`  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);

const over = languages.filter(({ total: withCatalogue }) => withCatalogue > budgetKb);
for (const { language, total: withCatalogue } of over)
  console.error(
    `The ${language} home page's initial JavaScript and catalogue are ${withCatalogue.toFixed(1)} KB gzip, ` +
      `over the ${budgetKb} KB budget.`,
  );
if (over.length > 0) process.exit(1);
