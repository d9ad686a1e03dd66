// A tiny toast store. The spec allows at most one toast at a time: a new toast replaces the current one.
import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Says that work has started ("compression started"): out of date, and taken down, once that work is done. */
  inProgress?: boolean;
  /** When it was shown (performance.now()). */
  shownAt: number;
}

type Listener = () => void;
let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

export const TOAST_DURATION_MS = 5000;

export function toast(input: Omit<Toast, 'id' | 'shownAt'>): Toast {
  current = { ...input, id: nextId++, shownAt: performance.now() };
  clearTimeout(timer);
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
  emit();
  return current;
}

export function dismissToast(): void {
  current = null;
  clearTimeout(timer);
  emit();
}

/**
 * Takes down the current toast if it only said that work had started and was shown by `workSeenAt`, the last time the
 * page saw that work waiting: once the work is done the page says so itself, and on a phone the stale toast sits over
 * the files header's total and Download All. A toast shown later announces work the page has not listed yet: it stays.
 */
export function dismissInProgressToast(workSeenAt: number): void {
  if (current?.inProgress && current.shownAt <= workSeenAt) dismissToast();
}

const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useCurrentToast = (): Toast | null => useSyncExternalStore(subscribe, () => current, () => null);
