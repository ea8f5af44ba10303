import type { ComponentType } from "react";

/**
 * The console's pages (pages/admin*.tsx), each its own chunk, listed in a chunk of their own that the app loads when
 * the console is first opened. Listed in app.tsx, each page's preload list (Vite's, the names of every chunk the page
 * imports) was part of every public page's first script: about 1 KB gzip that only the doctor ever uses.
 */
const consoleModules = import.meta.glob<{ default: ComponentType }>("./pages/admin*.tsx");

export function loadConsolePage(file: string): Promise<{ default: ComponentType }> {
  const load = consoleModules[`./pages/${file}.tsx`];
  if (!load) throw new Error(`There is no console page pages/${file}.tsx`);
  return load();
}
