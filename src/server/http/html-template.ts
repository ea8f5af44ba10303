import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { CSP_NONCE_PLACEHOLDER, type PageRenderInput, type RenderedApp } from "@shared/page-data";
import { clientDistDir, clientSourceDir, projectRoot, ssrDistDir } from "../paths";
import type { PageScripts } from "./page-head";

/**
 * The browser app as the server uses it: the page template (index.html), the app's server entry that renders a page
 * to HTML, and which script chunks a lazily loaded page needs. Built files in production; Vite in development.
 */
export interface ClientBuild {
  template(url: string): Promise<string>;
  render(input: PageRenderInput): Promise<RenderedApp>;
  /**
   * What the script loader of a page starts: the entry and its imports, and the chunk of the page's module (as named
   * in the Vite manifest, "pages/contact-us.tsx") with what it imports. None in development, where the template keeps
   * Vite's own script tag.
   */
  scripts(pageModules: readonly string[]): PageScripts | undefined;
  /** Built pages do not change while the server runs; in development they change with the source. */
  readonly fixed: boolean;
}

interface ServerEntry {
  render(input: PageRenderInput): Promise<RenderedApp>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export async function builtClient(): Promise<ClientBuild> {
  const templatePath = join(clientDistDir, "index.html");
  const entryPath = join(ssrDistDir, "entry-server.js");
  let html: string;
  let manifest: Record<string, ManifestChunk>;
  let serverEntry: ServerEntry;
  try {
    html = await readFile(templatePath, "utf8");
    manifest = JSON.parse(await readFile(join(clientDistDir, ".vite", "manifest.json"), "utf8")) as Record<
      string,
      ManifestChunk
    >;
    serverEntry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  } catch (error) {
    throw new Error(
      `The client is not built (${templatePath} or ${entryPath} is missing or broken). Run "npm run build", or ` +
        `start with "npm start". (${(error as Error).message})`,
      { cause: error },
    );
  }
  if (!html.includes(CSP_NONCE_PLACEHOLDER))
    throw new Error(
      `${templatePath} has no CSP nonce placeholder: build the site again with "npm run build".`,
    );
  const { html: withLoader, entry } = scriptsAfterPaint(await inlineStylesheets(html));
  html = withLoader;
  // What the entry imports is preloaded with it by every page; a page adds only the chunks beyond those.
  const initial = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  collect("index.html", initial);
  const scripts = new Map<string, PageScripts>();
  return {
    template: () => Promise.resolve(html),
    render: (input) => serverEntry.render(input),
    scripts(pageModules) {
      const key = pageModules.join(" ");
      let found = scripts.get(key);
      if (!found) {
        const needed = new Set<string>();
        for (const pageModule of pageModules) collect(pageModule, needed);
        const pageFiles = [...needed].filter((file) => !initial.has(file)).map((file) => `/${file}`);
        found = { entry: entry.src, preloads: [...entry.preloads, ...pageFiles] };
        scripts.set(key, found);
      }
      return found;
    },
    fixed: true,
  };
}

/**
 * The site's one stylesheet (Tailwind's output, about 10 KB gzip) goes inside the page: a phone on a slow network
 * paints as soon as the page arrives, instead of after a second request that shares the line with the scripts.
 */
async function inlineStylesheets(html: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  for (const [tag, file] of links) {
    if (!file) continue;
    const css = await readFile(join(clientDistDir, file), "utf8");
    html = html.replace(
      tag,
      () => `<style nonce="${CSP_NONCE_PLACEHOLDER}">${css.replace(/<\/style/gi, "<\\/style")}</style>`,
    );
  }
  return html;
}

/**
 * Takes the entry script and its preloads out of the built template and leaves `<!--app-scripts-->` at the end of
 * <body>, where each page gets the loader that starts them after the first paint (page-head.ts).
 */
function scriptsAfterPaint(html: string): { html: string; entry: { src: string; preloads: string[] } } {
  const entryTag = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/.exec(html);
  if (!entryTag?.[1]) throw new Error("The built index.html has no module script: build the site again.");
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g)];
  let rest = html.replace(entryTag[0], "");
  for (const [tag] of preloads) rest = rest.replace(tag, "");
  if (!rest.includes("</body>"))
    throw new Error("The built index.html has no </body>: build the site again.");
  return {
    html: rest.replace("</body>", "  <!--app-scripts-->\n  </body>"),
    entry: { src: entryTag[1], preloads: preloads.map(([, href]) => href ?? "") },
  };
}

/**
 * Development: Vite serves modules with hot reload through Fastify, on the same port as the API, and loads the app's
 * server entry from source on each render, so a page shows the code as it is now.
 */
export async function viteClient(app: FastifyInstance): Promise<ClientBuild> {
  const [{ createServer }, { default: middie }] = await Promise.all([
    import("vite"),
    import("@fastify/middie"),
  ]);
  const vite = await createServer({
    configFile: join(projectRoot, "vite.config.ts"),
    server: { middlewareMode: true },
    appType: "custom",
  });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook("onClose", () => vite.close());
  return {
    async template(url) {
      const source = await readFile(join(clientSourceDir, "index.html"), "utf8");
      return vite.transformIndexHtml(url, source);
    },
    async render(input) {
      const entry = (await vite.ssrLoadModule("/entry-server.tsx")) as ServerEntry;
      return entry.render(input);
    },
    scripts: () => undefined,
    fixed: false,
  };
}
