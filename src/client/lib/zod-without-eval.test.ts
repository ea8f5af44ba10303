import { expect, it } from "vitest";
import { preferZodWithoutEval } from "./zod-without-eval";

it("turns zod's compiled parsers off through the global zod reads its settings from", async () => {
  preferZodWithoutEval();
  const { z } = await import("zod");
  expect(z.config().jitless).toBe(true);
  expect(z.object({ name: z.string() }).parse({ name: "a" })).toEqual({ name: "a" });
});
