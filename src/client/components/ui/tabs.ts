import { type KeyboardEvent, useRef } from "react";

/** The tab a key moves to from `selected`: the arrows step round the row, Home and End go to its ends. */
function tabAfterKey<T>(tabs: readonly T[], selected: T, key: string): T | undefined {
  if (key === "Home") return tabs[0];
  if (key === "End") return tabs.at(-1);
  const step = key === "ArrowRight" ? 1 : key === "ArrowLeft" ? -1 : 0;
  if (step === 0) return undefined;
  return tabs[(tabs.indexOf(selected) + step + tabs.length) % tabs.length];
}

/**
 * A row of tabs as the ARIA pattern has it: only the selected tab is in the Tab order, the arrow keys (and Home,
 * End) select the next one and move focus to it. Returns the props of each tab's button; its id, panel and look
 * stay with the caller.
 */
export function useTabs<T extends string>(tabs: readonly T[], selected: T, select: (tab: T) => void) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(tabs, selected, event.key);
    if (next === undefined) return;
    event.preventDefault();
    select(next);
    buttons.current.get(next)?.focus();
  };
  return (tab: T) => ({
    ref: (button: HTMLButtonElement | null) => {
      if (button) buttons.current.set(tab, button);
      else buttons.current.delete(tab);
    },
    type: "button" as const,
    role: "tab",
    "aria-selected": tab === selected,
    tabIndex: tab === selected ? 0 : -1,
    onKeyDown,
    onClick: () => select(tab),
  });
}
