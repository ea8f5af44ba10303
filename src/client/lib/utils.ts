import { type ClassValue, clsx } from "clsx";
import { mergeClasses } from "./class-merge";

/** Joins class names; of two Tailwind utilities that set the same thing, the later one stays. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
