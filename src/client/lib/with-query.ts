import type { ComponentType } from "react";

type LazyModule<P> = Promise<{ default: ComponentType<P> }>;

/**
 * For React's `lazy`: a component's module loaded together with TanStack Query's provider (lib/query-provider.tsx),
 * the component wrapped in it. Query then comes with the chunks that use it (a dialog, a page) and the public pages'
 * first script goes without it; both downloads start at once.
 */
export async function withQuery<P extends object>(module: LazyModule<P>): LazyModule<P> {
  const [{ default: Component }, { withQueryClient }] = await Promise.all([
    module,
    import("./query-provider"),
  ]);
  return { default: withQueryClient(Component) };
}
