// `npm run dev`: the server restarts on changes to server code; the browser app hot-reloads through Vite, which
// the server mounts on the same port (see src/server/http/html-template.ts).
import { spawn } from "node:child_process";
import { root } from "./build-state.mjs";
import { compileCatalogues } from "./catalogues.mjs";

compileCatalogues();

const child = spawn(
  process.execPath,
  [
    "--import",
    "tsx",
    "--watch-path=src/server",
    "--watch-path=src/shared",
    "--watch-preserve-output",
    "src/server/main.ts",
  ],
  { cwd: root, stdio: "inherit", env: { ...process.env, DEV_SERVER: "true" } },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
