// Compiles the message catalogues (src/shared/i18n/catalogues/<language>/<name>.json, ICU MessageFormat) into the
// modules the site imports (<name>.ts beside each, not kept in git): Lingui's compiler, run by `npm install`, the
// build, the development server and the tests. `--strict` fails on a message missing in any language.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { root } from "./build-state.mjs";

export function compileCatalogues() {
  const cli = join(root, "node_modules/@lingui/cli/dist/lingui.js");
  const run = spawnSync(process.execPath, [cli, "compile", "--strict"], { cwd: root, encoding: "utf8" });
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    throw new Error("The message catalogues did not compile (see above).");
  }
}

if (import.meta.url === `file://${process.argv[1]}`) compileCatalogues();
