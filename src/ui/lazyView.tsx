import type { ComponentProps, ComponentType } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';
import { afterPaint } from '../client/live/afterPaint.ts';
import { useWidget } from './context.ts';
import type * as LaterViews from './laterViews.ts';

/**
 * A view whose code is fetched when it is first needed (or prefetched), so the first open of the
 * window downloads only what it shows. The module map caches `import()`; the view remembers the
 * component it got, which is code (the same for every widget on the page), so a view mounted after
 * the download paints at once instead of a frame later. The view waits for the English texts of the
 * views loaded on demand too (i18n/en-views.ts), so it never paints a key in place of its text.
 * A view with a chunk of its own is its module's default export (`lazyView(() => import('./X.tsx'))`:
 * no name of its own to pick in each stub); those of the later views' chunk are named (`laterView`).
 */
export interface LazyView<P> {
  View: ComponentType<P>;
  /** Starts the download without rendering anything (after the window opens, at idle). */
  prefetch(): void;
}

/** `Fallback` is drawn until the code is there (nothing without one): it must show the same content, plainer. */
export function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, Fallback?: ComponentType<P>): LazyView<P> {
  let downloaded: ComponentType<P> | null = null;
  const fetch = () => load().then((module) => (downloaded = module.default));
  const prefetch = () => void fetch().catch(() => undefined);
  /**
   * The component it got, in its state, asked for once the window is painted: a chunk's evaluation
   * never delays that paint. A view gone before the paint asks for nothing; one gone before the
   * download ends ignores it (Preact renders no unmounted component).
   */
  function View(props: P) {
    const widget = useWidget();
    const [Loaded, setLoaded] = useState(() => (downloaded && widget.viewTexts() === true ? downloaded : null));
    const here = !!Loaded;
    useLayoutEffect(() => {
      if (here) return;
      return afterPaint(
        () =>
          void Promise.all([fetch(), widget.viewTexts()])
            .then(([view]) => setLoaded(() => view))
            // A failed chunk download leaves the step empty (or plain); the next mount tries again.
            .catch(() => undefined),
      );
    }, [here, widget]);
    return Loaded ? <Loaded {...props} /> : Fallback ? <Fallback {...props} /> : null;
  }
  return { View, prefetch };
}

type LaterViews = typeof LaterViews;
type LaterViewProps<K extends keyof LaterViews> = ComponentProps<LaterViews[K]> & object;

/**
 * A view of the later views' chunk (laterViews.ts): what the widget shows on few visits, one
 * request for all of them, prefetched at idle once the window opens (ChatWindow).
 */
export function laterView<K extends keyof LaterViews>(name: K): LazyView<LaterViewProps<K>> {
  return lazyView<LaterViewProps<K>>(() => import('./laterViews.ts').then((views) => ({ default: views[name] as ComponentType<LaterViewProps<K>> })));
}
