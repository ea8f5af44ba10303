import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { clientDistDir, clientSourceDir, projectRoot } from "../paths";

/** Where the page shell (index.html) comes from: the built file, or Vite's transformed source in development. */
export interface HtmlTemplateSource {
  template(url: string): Promise<string>;
}

export async function builtTemplate(): Promise<HtmlTemplateSource> {
  const path = join(clientDistDir, "index.html");
  let html: string;
  try {
    html = await readFile(path, "utf8");
  } catch {
    throw new Error(
      `The client is not built (${path} is missing). Run "npm run build", or start with "npm start".`,
    );
  }
  return { template: () => Promise.resolve(html) };
}

/** Development: Vite serves modules with hot reload through Fastify, on the same port as the API. */
export async function viteTemplate(app: FastifyInstance): Promise<HtmlTemplateSource> {
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
  };
}
