/**
 * zod compiles fast parsers with `new Function` and probes for it when a schema is made; the page's CSP refuses
 * eval, and the browser lists even a refused probe as an issue. zod reads its settings from this global (its
 * `config()` writes the same object), so setting it here, before any chunk with a schema loads, turns the compiler
 * off without putting zod into the page's first download. src/client/lib/zod-without-eval.test.ts checks that zod
 * still reads it.
 */
export function preferZodWithoutEval(): void {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
