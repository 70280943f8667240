/**
 * `import 'porchlight/element'` registers `<porchlight-widget project-id="…" api-url="…">`.
 * Attributes are the settings keys in kebab case (`theme-color` → `themeColor`).
 */
import { createChatClient } from './client/client.ts';
import { createWidget } from './instance.ts';
import type { WidgetInstance } from './widget.ts';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function settingsFrom(element: HTMLElement): Record<string, unknown> {
  const settings: Record<string, unknown> = { windowEvents: false };
  for (const attribute of Array.from(element.attributes)) {
    const key = attribute.name === 'project-id' ? 'projectid' : camel(attribute.name);
    settings[key] = attribute.value;
  }
  return settings;
}

/**
 * Server-side rendering imports this file where there is no DOM: the class then extends a
 * stand-in and nothing is registered, so the import does not throw.
 */
const ElementBase: typeof HTMLElement = typeof HTMLElement === 'undefined' ? (class {} as typeof HTMLElement) : HTMLElement;

export class PorchlightElement extends ElementBase {
  widget: WidgetInstance | null = null;

  connectedCallback() {
    // A host made by `mount()` or the loader already has its shadow root and widget.
    if (this.widget || this.shadowRoot || !this.hasAttribute('project-id')) return;
    this.widget = createWidget({ host: this, client: createChatClient({ settings: settingsFrom(this), window: this.ownerDocument.defaultView ?? window }) });
  }

  disconnectedCallback() {
    this.widget?.destroy();
    this.widget = null;
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('porchlight-widget')) {
  customElements.define('porchlight-widget', PorchlightElement);
}
