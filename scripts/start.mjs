// `npm start`: builds when dist/ is missing or older than the sources, then runs the server, which applies the
// database migrations before it listens.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./build-state.mjs";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
await import(pathToFileURL(join(root, "dist/server/main.js")).href);
