// `npm run admin:password`: see src/server/cli/admin-password.ts.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./build-state.mjs";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
await import(pathToFileURL(join(root, "dist/server/admin-password.js")).href);
