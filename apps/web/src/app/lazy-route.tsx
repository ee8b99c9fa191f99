import { lazy, useState, type ComponentType } from 'react';

/** A route's screen loaded as its own chunk, that can also be loaded ahead (`preload`). */
export interface LazyRoute<P extends object> {
  (props: P): React.ReactElement;
  preload(): Promise<void>;
}

/**
 * React.lazy suspends on its first render even when the chunk is already in, and a prerendered
 * page must hydrate without suspending: once `preload` has resolved, the screen renders directly.
 * Each mounted instance keeps the form it started with, so nothing remounts when a load finishes.
 */
export function lazyRoute<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyRoute<P> {
  let loaded: ComponentType<P> | null = null;
  const Lazy = lazy(load);
  function Route(props: P) {
    const [Screen] = useState<ComponentType<P> | null>(() => loaded);
    return Screen ? <Screen {...props} /> : <Lazy {...props} />;
  }
  Route.preload = () => load().then((m) => void (loaded = m.default));
  return Route;
}
