import { type ReactNode, useSyncExternalStore } from "react";

/**
 * Toast state shared by the whole app: one toast visible at a time; a dismissed toast stays in
 * memory for 1,000,000 ms before it is removed, so its closing animation is never cut short.
 */
const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

/** A button in the toast that does what its label says (Retry, Choose Another Slot...); pressing it closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: "default" | "destructive";
  action?: ToastAction;
  open: boolean;
}

type ToastInput = Omit<ToastData, "id" | "open">;

let toasts: ToastData[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setToasts(next: ToastData[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((toast) => toast.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string): void {
  for (const toast of toasts) if (id === undefined || toast.id === id) scheduleRemoval(toast.id);
  setToasts(toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)));
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noToasts: ToastData[] = [];

/** The toasts as they are now: what `useToasts` gives the Toaster on its next render. */
export function currentToasts(): ToastData[] {
  return toasts;
}

/** The toasts to show; none while the server renders a page. */
export function useToasts(): ToastData[] {
  return useSyncExternalStore(subscribe, currentToasts, () => noToasts);
}
