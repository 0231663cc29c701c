/**
 * The working list of selects, kept on this device only (localStorage), shared by every control
 * through `useSyncExternalStore`. The server renders with no list (`null`), and React swaps in the
 * stored one once hydrated, so the server's HTML and the first client render always agree.
 */
import { useSyncExternalStore } from "react";

import { storedSelects } from "./selects.ts";

const STORAGE_KEY = "selects";

const listeners = new Set<() => void>();
/** The list as last read or written; read from storage on first use (never at module load). */
let current: readonly string[] | undefined;

function load(): readonly string[] {
  try {
    return storedSelects(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "[]"));
  } catch {
    // Storage disabled or unreadable, or not JSON: start from an empty list.
    return [];
  }
}

/** The working list now: what renders read through useSelects, and event handlers read directly. */
export function readSelects(): readonly string[] {
  current ??= load();
  return current;
}

/** Another tab changed the list. */
function onStorage(event: StorageEvent) {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  current = load();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** The working list, or null while the page renders on the server or hydrates. */
export function useSelects(): readonly string[] | null {
  return useSyncExternalStore(subscribe, readSelects, () => null);
}

export function setSelects(ids: readonly string[]) {
  current = storedSelects(ids);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Storage full or disabled: the list still lasts as long as this page.
  }
  for (const listener of listeners) listener();
}

/**
 * A shared link's list as the working list of a visitor who has none, for as long as the page
 * lives, but not written to the device: opening a link stores nothing (docs/privacy.md). The
 * visitor's first change writes it, through setSelects.
 */
export function adoptSelects(ids: readonly string[]) {
  current = storedSelects(ids);
  for (const listener of listeners) listener();
}
