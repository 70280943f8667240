import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ChatCommands, ChatState } from '../client/types.ts';

/**
 * What the views may do: every change goes through the client's commands, never around them
 * (views read the models' signals and never write them).
 */
export interface Intents extends Omit<ChatCommands, 'send'> {
  send(text: string): void;
}

/** Everything one widget instance hands to its views (no module-level state: previews side by side). */
export interface WidgetView extends ChatState {
  intents: Intents;
  /** Adds a lazily loaded view's styles to this widget's shadow root, once (after the main sheet). */
  adoptCss(cssText: string): void;
}

export const WidgetContext = createContext<WidgetView | null>(null);

export function useWidget(): WidgetView {
  const widget = useContext(WidgetContext);
  if (!widget) throw new Error('Porchlight views must be rendered inside a WidgetContext');
  return widget;
}

/** The translator, re-read whenever labels change (the version signal subscribes the view). */
export function useT(): WidgetView['t'] {
  const widget = useWidget();
  void widget.ui.labelsVersion.value;
  return widget.t;
}

/** A view loaded on demand brings its own styles: adopted before it first paints. */
export function useCss(...cssTexts: string[]): void {
  const widget = useWidget();
  for (const css of cssTexts) widget.adoptCss(css);
}
