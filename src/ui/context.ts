import { createContext } from 'preact';
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
  /** Adds a view's styles, loaded on demand with it, to this widget's shadow root, once each (after the main sheet), before it first paints. */
  adoptCss(...cssTexts: string[]): void;
  /** Addresses of photos that failed to load: not asked for again while this widget lives (Avatar.tsx). */
  missingPhotos: Set<string>;
}

/**
 * The widget a view belongs to (views are rendered inside its provider, widget.ts), read without
 * hooks, so a first open downloads no `preact/hooks` (the views on demand that keep state in hooks
 * bring it): Preact hands a component its `contextType`'s value as its second argument, so a view
 * is `function View(props, widget: WidgetView)` with `View.contextType = WidgetContext` (a class:
 * `static contextType`, read as `this.context`).
 */
export const WidgetContext = createContext<WidgetView | null>(null);

/** The translator, re-read whenever labels change (reading the version signal subscribes the view). */
export function translator(widget: WidgetView): WidgetView['t'] {
  void widget.ui.labelsVersion.value;
  return widget.t;
}
