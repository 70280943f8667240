import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A view whose code is fetched when it is first needed (or prefetched), so the first open of the
 * window downloads only what it shows. The module map caches `import()`, so this keeps no state.
 */
export interface LazyView<P> {
  View: (props: P) => JSX.Element | null;
  /** Starts the download without rendering anything (after the window opens, at idle). */
  prefetch(): void;
}

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): LazyView<P> {
  const prefetch = () => void load().catch(() => undefined);
  function View(props: P) {
    const [Loaded, setLoaded] = useState<{ view: ComponentType<P> } | null>(null);
    useEffect(() => {
      let live = true;
      load()
        .then((view) => live && setLoaded({ view }))
        // A failed chunk download leaves the step empty; the next render tries again.
        .catch(() => undefined);
      return () => {
        live = false;
      };
    }, []);
    if (!Loaded) return null;
    const Component = Loaded.view;
    return <Component {...props} />;
  }
  return { View, prefetch };
}
