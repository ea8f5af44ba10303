// `npm run restore`: see src/server/cli/restore.ts.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./build-state.mjs";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
await import(pathToFileURL(join(root, "dist/server/restore.js")).href);
