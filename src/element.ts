/**
 * `import 'porchlight/element'` registers `<porchlight-widget project-id="…" api-url="…">`.
 * Attributes are the settings keys in kebab case (`theme-color` → `themeColor`).
 */
import { createChatClient } from './client/client.ts';
import { createWidget } from './instance.ts';
import type { WidgetInstance } from './widget.ts';

// What the element's widget names, so a page imports its types from here alone.
export type * from './index.ts';
import { isElementAttribute, isSetting } from './state/settings.ts';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The settings the attributes name, and the attributes that name none (HTML's own aside). */
function settingsFrom(element: HTMLElement): { settings: Record<string, unknown>; unknown: string[] } {
  const settings: Record<string, unknown> = { windowEvents: false };
  const unknown: string[] = [];
  for (const { name, value } of Array.from(element.attributes)) {
    const key = name === 'project-id' ? 'projectid' : camel(name);
    if (isSetting(key)) settings[key] = value;
    else if (!isElementAttribute(name)) unknown.push(name);
  }
  return { settings, unknown };
}

/**
 * Server-side rendering imports this file where there is no DOM: the class then extends a
 * stand-in and nothing is registered, so the import does not throw.
 */
export const PorchlightElementBase: typeof HTMLElement = typeof HTMLElement === 'undefined' ? (class {} as typeof HTMLElement) : HTMLElement;

/** `<porchlight-widget project-id="…">`: a widget while the element is in the document. */
export class PorchlightElement extends PorchlightElementBase {
  /** The live widget while connected, else null. */
  widget: WidgetInstance | null = null;

  /** Mounts the widget (unless a `mount()` or the loader already made this host). */
  connectedCallback() {
    // A host made by `mount()` or the loader already has its shadow root and widget.
    if (this.widget || this.shadowRoot || !this.hasAttribute('project-id')) return;
    const { settings, unknown } = settingsFrom(this);
    this.widget = createWidget({ host: this, client: createChatClient({ settings, window: this.ownerDocument.defaultView ?? window }) }, unknown);
  }

  /** Destroys the widget. */
  disconnectedCallback() {
    this.widget?.destroy();
    this.widget = null;
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('porchlight-widget')) {
  customElements.define('porchlight-widget', PorchlightElement);
}
