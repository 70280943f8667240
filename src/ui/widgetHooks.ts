import { useContext } from 'preact/hooks';
import { translator, WidgetContext, type WidgetView } from './context.ts';

/**
 * The widget for views loaded on demand, which use hooks anyway (`preact/hooks` comes with them).
 * The views of a first open read it as their second argument instead (context.ts).
 */
export function useWidget(): WidgetView {
  const widget = useContext(WidgetContext);
  if (!widget) throw new Error('Porchlight views must be rendered inside a WidgetContext');
  return widget;
}

/** The translator, re-read whenever labels change (the version signal subscribes the view). */
export function useT(): WidgetView['t'] {
  return translator(useWidget());
}

/** A view loaded on demand brings its own styles: adopted before it first paints. */
export function useCss(...cssTexts: string[]): void {
  const widget = useWidget();
  for (const css of cssTexts) widget.adoptCss(css);
}
