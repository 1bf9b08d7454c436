import { createElement, lazy, type ComponentType } from 'react';

/**
 * A code-split component that can be fetched ahead of need. Once its code is here it renders
 * directly, not through `lazy()`: a lazy component shows its Suspense fallback on first render
 * even when loaded, and React then holds the real content back for its reveal throttle (about
 * 300 ms measured on the library page, see docs/benchmarks.md library-render).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    return createElement((loaded ?? Lazy) as ComponentType<P>, props);
  }
  return Object.assign(Preloadable, { preload });
}
