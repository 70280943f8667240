import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';
import { adoptStyles } from './adoptStyles.ts';
import { useWidget } from './context.ts';

/**
 * Styles that ship with a lazy view: adopted into the view's shadow root while it is shown, so
 * they cost the open window nothing.
 */
export function useChunkStyles(ref: RefObject<Element>, css: string): void {
  const { settings } = useWidget();
  useEffect(() => {
    const root = ref.current?.getRootNode();
    return root instanceof ShadowRoot ? adoptStyles(root, css, settings.peek().nonce) : undefined;
  }, []);
}
