import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The client's layers, read from its imports: components/ and lib/ sit below features/ and pages/, and a feature
 * uses another feature only through components/ or lib/ (a piece two features need moves down there). A failure
 * prints each import that breaks the rule, as "file -> import".
 */

const clientRoot = dirname(fileURLToPath(import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "public" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module named by an import, an export ... from, or a dynamic import(), as written. */
function importsOf(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;
  return [...source.matchAll(pattern)].flatMap((match) => (match[1] ? [match[1]] : []));
}

/** The import's target as a path below src/client ("features/booking/api"), or undefined when it lies outside. */
function clientTarget(file: string, specifier: string): string | undefined {
  if (specifier.startsWith("@/")) return normalize(specifier.slice(2)).split(sep).join("/");
  if (!specifier.startsWith(".")) return undefined;
  const target = relative(clientRoot, join(dirname(file), specifier));
  return target.startsWith("..") ? undefined : target.split(sep).join("/");
}

/** "features/booking/steps/step-slot.tsx" -> { layer: "features", feature: "booking" }. */
function placeOf(path: string): { layer: string; feature?: string } {
  const [layer = "", feature] = path.split("/");
  return layer === "features" ? { layer, feature } : { layer };
}

interface Import {
  file: string;
  specifier: string;
  target: string;
}

function clientImports(): Import[] {
  return sourceFiles(clientRoot)
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .flatMap((file) =>
      importsOf(readFileSync(file, "utf8")).flatMap((specifier) => {
        const target = clientTarget(file, specifier);
        return target === undefined
          ? []
          : [{ file: relative(clientRoot, file).split(sep).join("/"), specifier, target }];
      }),
    );
}

const shown = (imports: Import[]) => imports.map(({ file, specifier }) => `${file} -> ${specifier}`);

describe("the client's layers", () => {
  const imports = clientImports();

  it("reads the imports of the client's files", () => {
    // A guard for the test itself: a pattern that matched nothing would let every rule pass.
    expect(imports.length).toBeGreaterThan(100);
    expect(imports.some(({ file }) => file.startsWith("features/"))).toBe(true);
  });

  it("keeps components/ and lib/ below features/ and pages/", () => {
    const upward = imports.filter(({ file, target }) => {
      const from = placeOf(file).layer;
      const to = placeOf(target).layer;
      return (from === "components" || from === "lib") && (to === "features" || to === "pages");
    });
    expect(shown(upward)).toEqual([]);
  });

  it("keeps lib/ below components/", () => {
    const upward = imports.filter(
      ({ file, target }) => placeOf(file).layer === "lib" && placeOf(target).layer === "components",
    );
    expect(shown(upward)).toEqual([]);
  });

  it("keeps features/ below pages/", () => {
    const upward = imports.filter(
      ({ file, target }) => placeOf(file).layer === "features" && placeOf(target).layer === "pages",
    );
    expect(shown(upward)).toEqual([]);
  });

  it("lets no feature import another feature's folder", () => {
    const across = imports.filter(({ file, target }) => {
      const from = placeOf(file);
      const to = placeOf(target);
      return from.layer === "features" && to.layer === "features" && from.feature !== to.feature;
    });
    expect(shown(across)).toEqual([]);
  });

  it("lets only the server's entry import every language's catalogue", () => {
    // The browser takes its page's catalogue from the page; importing them all would send three languages to it.
    const everyLanguage = sourceFiles(clientRoot)
      .filter((file) => !/\.test\.tsx?$/.test(file) && !file.endsWith("entry-server.tsx"))
      .flatMap((file) =>
        importsOf(readFileSync(file, "utf8"))
          .filter((specifier) => /i18n\/(site-messages|chunk-messages|catalogues\/)/.test(specifier))
          .map((specifier) => `${relative(clientRoot, file)} -> ${specifier}`),
      );
    expect(everyLanguage).toEqual([]);
  });

  it("fetches the other catalogues (booking, legal, visit, room) only in lib/message-chunks.ts, one language at a time", () => {
    // A glob is a chunk per file, fetched when asked for; an eager one, or one written elsewhere for one chunk,
    // would put catalogues in the code that imports it (the legal texts in every page's script).
    const globs = sourceFiles(clientRoot)
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/import\.meta\.glob(?:<[^>]*>)?\(([^)]*)\)/g)]
          .filter(([, args]) => args?.includes("catalogues"))
          .map(([, args]) => ({ file: relative(clientRoot, file).split(sep).join("/"), args: args ?? "" })),
      );
    expect(globs.map(({ file }) => file)).toEqual(["lib/message-chunks.ts"]);
    for (const { args } of globs) {
      expect(args).not.toMatch(/eager/);
      expect(args.match(/catalogues\/[^"']*/g)).toEqual([
        "catalogues/*/booking.ts",
        "catalogues/*/legal.ts",
        "catalogues/*/visit.ts",
        "catalogues/*/room.ts",
      ]);
    }
  });
});
