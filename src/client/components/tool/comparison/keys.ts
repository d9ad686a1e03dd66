// The comparison's keyboard shortcuts (shown in its hint line): 1 = 1:1, 0 = fit, D = differences, S = split or side
// by side, and Space held = the original. Pure, so the mapping is tested without a browser.
export type ComparisonKeyAction = 'one-to-one' | 'fit' | 'toggle-diff' | 'toggle-mode' | 'hold-original';

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const ACTIONS: Record<string, ComparisonKeyAction> = {
  '1': 'one-to-one',
  '0': 'fit',
  d: 'toggle-diff',
  D: 'toggle-diff',
  s: 'toggle-mode',
  S: 'toggle-mode',
  ' ': 'hold-original',
};

/**
 * The shortcut a key press means, or null. Keys typed into a field keep their usual meaning, Space on a button or a
 * link still presses it, and browser shortcuts with Ctrl, Cmd or Alt are left alone.
 */
export function comparisonKeyAction(event: KeyLike, target: EventTarget | null): ComparisonKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const element = typeof Element !== 'undefined' && target instanceof Element ? target : null;
  if (element?.closest('input, textarea, select, [contenteditable="true"]')) return null;
  if (event.key === ' ' && element?.closest('button, a')) return null;
  return ACTIONS[event.key] ?? null;
}

export const SHORTCUT_HINT = 'Keys: 1 = 1:1 · 0 = fit · D = differences · S = split / side by side · hold Space = original';
