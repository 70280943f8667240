// Views follow signals: @preact/signals' Preact integration, installed when imported, renders a
// view again when a signal whose `.value` it read changes. Every view imports this module.
import '@preact/signals';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ChatCommands, ChatState, ReadonlySignal } from '../client/types.ts';
import type { ThemeVariables } from '../state/theme.ts';

/**
 * What the views may do: every change goes through the client's commands, never around them
 * (views read the models' signals and never write them).
 */
export interface Intents extends Omit<ChatCommands, 'send'> {
  send(text: string): void;
}

/** A model as views read it: its signals, none of its methods (what a view changes goes through `intents`). */
export type SignalsOf<M> = { readonly [K in keyof M as M[K] extends ReadonlySignal<unknown> ? K : never]: M[K] };

/** What a chat knows, as its views read it: signals, the models' signals, the texts. */
type ViewState = {
  [K in keyof ChatState]: ChatState[K] extends ReadonlySignal<unknown> | ((...args: never[]) => unknown) | boolean ? ChatState[K] : SignalsOf<ChatState[K]>;
};

/** Everything one widget instance hands to its views (no module-level state: previews side by side). */
export interface WidgetView extends ViewState {
  intents: Intents;
  /** Adds a view's styles, loaded on demand with it, to this widget's shadow root, once each (after the main sheet), before it first paints. */
  adoptCss(...cssTexts: string[]): void;
  /** Addresses of photos that failed to load: not asked for again while this widget lives (Avatar.tsx). */
  missingPhotos: Set<string>;
  /** The CSS variables of the settings' theme (App.tsx), worked out once per change of the settings. */
  theme: ReadonlySignal<ThemeVariables>;
}

/** The widget a view belongs to (views are rendered inside its provider, widget.ts). */
export const WidgetContext = createContext<WidgetView | null>(null);

/** The widget of the view that calls it: every view is rendered inside its widget's provider. */
export function useWidget(): WidgetView {
  const widget = useContext(WidgetContext);
  if (!widget) throw new Error('Porchlight: a view rendered outside its widget');
  return widget;
}

/** The translator, re-read whenever labels change (reading the version signal subscribes the view). */
export function translator(widget: WidgetView): WidgetView['t'] {
  void widget.ui.labelsVersion.value;
  return widget.t;
}
