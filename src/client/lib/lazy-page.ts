// A lazily loaded page that can be preloaded. Once its module is in, it renders directly, without suspending,
// so the first paint of a deep link does not wait out React's fallback throttle.
import { createElement, lazy, type ComponentType } from 'react';

export type PageComponent = ComponentType & { preload: () => Promise<unknown> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>): PageComponent {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const loadOnce = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        pending = null; // let the next render try again (e.g. after a flaky network)
        throw err;
      },
    ));
  const Lazy = lazy(loadOnce);
  return Object.assign(() => createElement(loaded ?? Lazy), { preload: loadOnce });
}

/** A page bundled with the entry: same interface, nothing to load. */
export function eagerPage(page: ComponentType): PageComponent {
  return Object.assign(() => createElement(page), { preload: () => Promise.resolve() });
}
