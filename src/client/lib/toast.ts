// A tiny toast store. The spec allows at most one toast at a time: a new toast replaces the current one.
import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

type Listener = () => void;
let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

export const TOAST_DURATION_MS = 5000;

export function toast(input: Omit<Toast, 'id'>): Toast {
  current = { ...input, id: nextId++ };
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

const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useCurrentToast = (): Toast | null => useSyncExternalStore(subscribe, () => current, () => null);
