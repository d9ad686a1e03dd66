// Whether the tool compresses on this device (private mode) or on our servers: the visitor's choice, remembered
// across visits in this browser's storage only.
import { useCallback, useSyncExternalStore } from 'react';

export const PRIVATE_MODE_STORAGE_KEY = 'imagesqueeze.private-mode';

export function loadPrivateMode(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(PRIVATE_MODE_STORAGE_KEY) === 'on';
  } catch {
    return false; // storage blocked: the default, server mode
  }
}

export function storePrivateMode(on: boolean, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(PRIVATE_MODE_STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Storage blocked or full: the choice holds for this visit only.
  }
}

const listeners = new Set<() => void>();
let current: boolean | null = null;

export function usePrivateMode(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (current ??= loadPrivateMode()),
    () => false,
  );
  const set = useCallback((next: boolean) => {
    current = next;
    storePrivateMode(next);
    for (const listener of listeners) listener();
  }, []);
  return [on, set];
}

/** The private page: a page of its own, because only a page loaded with isolation headers is isolated. */
export const PRIVATE_PAGE = '/private';

/** Turns private mode on and opens its page (a full load: isolation comes with the page's own response). */
export function enterPrivatePage(location: Pick<Location, 'assign'> = globalThis.location): void {
  storePrivateMode(true);
  location.assign(PRIVATE_PAGE);
}

/** Turns private mode off and goes back to the tool on our servers. */
export function leavePrivatePage(location: Pick<Location, 'assign'> = globalThis.location): void {
  storePrivateMode(false);
  location.assign('/');
}
