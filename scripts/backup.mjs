// `npm run backup`: see src/server/cli/backup.ts.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./build-state.mjs";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
await import(pathToFileURL(join(root, "dist/server/backup.js")).href);
