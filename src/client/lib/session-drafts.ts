/**
 * Work in progress kept in the tab's session storage, so a reload (or a page that crashed) does not lose it. Session
 * storage is this tab's alone and is emptied when the tab closes; signing out empties it too (`clearDrafts`). Where
 * storage is refused (a private window at its quota, a browser setting), drafts are simply not kept.
 */

const PREFIX = "draft:";

/** This tab's session storage, or null where there is none or the browser refuses it. */
export function tabStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The draft kept under `key`, or null when there is none or it cannot be read back. */
export function readDraft(key: string): unknown {
  const text = tabStorage()?.getItem(PREFIX + key);
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    tabStorage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Full or refused: the form still works, the draft just does not outlive the page.
  }
}

export function removeDraft(key: string): void {
  tabStorage()?.removeItem(PREFIX + key);
}

/** Whether a draft is kept under a key starting with `prefix`. */
export function hasDraftUnder(prefix: string): boolean {
  const store = tabStorage();
  return store !== null && Object.keys(store).some((key) => key.startsWith(PREFIX + prefix));
}

/** Every draft of this tab, at sign-out: what the doctor was writing stays on no shared computer. */
export function clearDrafts(): void {
  const store = tabStorage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
}
