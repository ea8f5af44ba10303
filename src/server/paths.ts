import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root, found from this file whether it runs from src/ (tsx, vitest) or from the dist/ bundle. */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("package.json not found above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const migrationsDir = join(projectRoot, "drizzle");
export const clientDistDir = join(projectRoot, "dist", "client");
export const clientSourceDir = join(projectRoot, "src", "client");
/** The browser app's server entry, built by Vite for Node (renders public pages). */
export const ssrDistDir = join(projectRoot, "dist", "ssr");
