/**
 * `porchlight/vue`: `<Porchlight projectid="…" api-url="…" />` mounts a widget into a `<div>` and
 * destroys it on unmount. Attributes are the settings of `mount()` (kebab or camel case); a
 * change is applied live with `update()`, or with a new instance where only that can apply it
 * (see settingsChange.ts). The `instance` event hands over the live instance (`null` once
 * destroyed). Vue is the host app's own (an optional peer dependency), never bundled here.
 */
import {
  defineComponent,
  h,
  onBeforeUnmount,
  onMounted,
  onUpdated,
  ref,
  type ComponentOptionsMixin,
  type ComponentProvideOptions,
  type DefineComponent,
  type PublicProps,
  type SetupContext,
} from 'vue';
import { mount, type MountSettings, type WidgetInstance } from '../index.ts';
import { settingsChange } from './settingsChange.ts';
import { isElementAttribute, isSetting } from '../state/settings.ts';

// Everything a component's props and instance name, so an app imports them from here alone.
export type * from '../index.ts';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Vue keeps attributes as written: `api-url` and `apiUrl` both mean `apiUrl`; a name that is no setting is reported by `mount()`. */
function settingsOf(attrs: SetupContext['attrs']): MountSettings {
  const settings: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attrs)) {
    const key = camel(name);
    // The div's own (class, style) and HTML's or a listener (an id, @click) are no settings.
    if (!isSetting(key) && isElementAttribute(name)) continue;
    settings[key] = value;
  }
  return settings;
}

/**
 * The attributes of `<Porchlight>`: the settings of `mount()` (written `api-url` or `apiUrl` in a
 * template), and `onInstance` (`@instance`).
 */
export type PorchlightProps = MountSettings & {
  /** `@instance`: the live instance once mounted, `null` once destroyed. */
  onInstance?: (instance: WidgetInstance | null) => void;
};

/** What `<Porchlight>` emits, and the check each payload passes. */
export type PorchlightEmits = {
  /** The live instance once mounted, `null` once destroyed. */
  instance: (instance: WidgetInstance | null) => boolean;
};

/**
 * The component's type, written out: what `defineComponent` infers here has Vue's `any` in it
 * (the render function's VNode, the emit listener's result, the root element), which would reach
 * an app's types. Props are `PorchlightProps` (typed in `h()` and, with Vue's language tools, in
 * templates); the root element is the `<div>` it renders.
 */
/* eslint-disable @typescript-eslint/no-empty-object-type -- `{}` is Vue's own "none" (no data, computed, methods, slots…) */
export type PorchlightComponent = DefineComponent<
  PorchlightProps,
  {},
  {},
  {},
  {},
  ComponentOptionsMixin,
  ComponentOptionsMixin,
  PorchlightEmits,
  string,
  PublicProps,
  Readonly<PorchlightProps>,
  {},
  {},
  {},
  {},
  string,
  ComponentProvideOptions,
  true,
  {},
  HTMLDivElement
>;
/* eslint-enable @typescript-eslint/no-empty-object-type */

/** `<Porchlight projectid="…" />`: a widget mounted into a `<div>` while rendered; its attributes are the settings of `mount()`, applied live when they change; `@instance` hands over the live instance. */
export const Porchlight = defineComponent({
  name: 'Porchlight',
  inheritAttrs: false,
  emits: { instance: (instance: WidgetInstance | null) => instance === null || typeof instance === 'object' },
  setup(_props, { attrs, emit }) {
    const container = ref<HTMLDivElement | null>(null);
    let widget: WidgetInstance | null = null;
    let applied: MountSettings = {};

    const start = () => {
      if (!container.value) return;
      applied = settingsOf(attrs);
      widget = mount(container.value, applied);
      emit('instance', widget);
    };
    const stop = () => {
      if (!widget) return;
      widget.destroy();
      widget = null;
      emit('instance', null);
    };

    onMounted(start);
    onUpdated(() => {
      const next = settingsOf(attrs);
      const change = settingsChange(applied, next);
      if (change.kind === 'remount') {
        stop();
        start();
      } else if (change.kind === 'update' && widget) {
        widget.update(change.partial);
        applied = next;
      }
    });
    onBeforeUnmount(stop);
    return () => h('div', { ref: container, class: attrs.class, style: attrs.style, 'data-porchlight': '' });
  },
}) as PorchlightComponent;
