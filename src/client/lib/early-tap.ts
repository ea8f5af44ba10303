declare global {
  interface Window {
    /** Set by the page's script loader (server/http/page-head.ts): the last button tapped before the app ran. */
    __takeEarlyTap?: () => HTMLButtonElement | null;
  }
}

let pending: HTMLButtonElement | null = null;

/**
 * Keeps the last button a visitor tapped before the app ran (a parent on a slow phone taps Book as soon as it
 * shows). Taking it also stops the loader from noting taps: from here on React's own listeners are in place.
 */
export function keepEarlyTap(): void {
  pending = window.__takeEarlyTap?.() ?? null;
}

/**
 * Replays that tap, once, when the page's shell has hydrated (its effect): the page's code has arrived by then, and
 * hydration kept the server's elements, so the button tapped is the one now wired up. A part of the page that is
 * still waiting to hydrate (the footer, the home page's lower sections) is hydrated by React at once on the click,
 * which React can do only outside its own work: hence the click comes in a task of its own, not inside the effect.
 */
export function replayEarlyTap(): void {
  const button = pending;
  pending = null;
  if (!button) return;
  setTimeout(() => {
    if (button.isConnected && !button.disabled) button.click();
  }, 0);
}
