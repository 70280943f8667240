/**
 * Views follow signals: a component that reads a signal's `.value` while it renders renders again
 * when that signal changes, and a component whose output only signals drive skips renders its
 * parent asks for with the same props. This is @preact/signals' integration with what the widget
 * uses of it: no signals bound to DOM properties or rendered as text (`{signal}`), no
 * `useSignal`/`useComputed`/`useSignalEffect`. Without those it is a third of the size, and every
 * first open downloads it (issue 9).
 *
 * It is the same mechanism, on the same Preact and signals internals (Preact's options hooks). Each
 * component gets one effect, the "updater": while the component renders, the updater tracks what
 * it reads; a change re-renders the component. `renderOnSignals.test.tsx` pins the behaviour.
 */
import { Component, Fragment, options, type VNode } from 'preact';
import { effect } from '@preact/signals-core';

/** signals-core's Effect, by the property names its build gives them (as @preact/signals uses them). */
interface Updater {
  /** Starts tracking; the function returned ends it. (`_start`) */
  S(): () => void;
  /** Runs when a tracked signal changes. (`_callback`) */
  c(): void;
  /** What it tracked in its last run: set once the component read any signal. (`_sources`) */
  s?: object;
  /** Disposes of it. (`_dispose`) */
  d(): void;
}

/** Bits of a component's `f`. */
const PENDING = 1;
const HOOK_STATE = 2;

interface Tracked extends Component {
  /** Its updater. */
  _u?: Updater;
  /** PENDING | HOOK_STATE. */
  _f?: number;
  /** Preact's own: suspended (`_pendingSuspensionCount`), and hooks state with their own bail-out (`_hasScuFromHooks`). */
  __R?: unknown;
  __f?: boolean;
}

interface InternalVNode extends VNode {
  /** Preact's `_component`. */
  __c?: Tracked;
}

/** Preact's options hooks by their built names: before a diff, a render, after a diff, a hook, an error caught, an unmount. */
interface Hooks {
  /** Set once this module's hooks are installed on this copy of Preact. */
  plSignals?: true;
  __b?(vnode: InternalVNode): void;
  __r?(vnode: InternalVNode): void;
  diffed?(vnode: InternalVNode): void;
  __h?(component: Tracked, index: number, type: number): void;
  __e?(error: unknown, vnode: InternalVNode, oldVNode: InternalVNode, info: unknown): void;
  unmount?(vnode: InternalVNode): void;
}

const hooks = options as Hooks;

function createUpdater(component: Tracked): Updater {
  let updater!: Updater;
  // The effect's first run hands over the effect itself; it runs nothing else until disposed.
  effect(function (this: Updater) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- an effect is reachable only as its callback's `this`
    updater = this;
  });
  updater.c = () => {
    component._f = (component._f ?? 0) | PENDING;
    component.setState({});
  };
  return updater;
}

/** Calls `own` before the hook another library (a test's, devtools) installed, if any. */
function before<K extends Exclude<keyof Hooks, 'plSignals'>>(name: K, own: NonNullable<Hooks[K]>): void {
  type Hook = (...args: unknown[]) => void;
  const old = hooks[name] as Hook | undefined;
  const both: Hook = (...args) => {
    (own as Hook)(...args);
    old?.(...args);
  };
  hooks[name] = both;
}

/**
 * Makes Preact's views follow signals. Preact's options are global to its copy, so this installs
 * them once for every widget on the page (createWidget calls it); a second call does nothing. A
 * function, not an import for its side effect: the package's `sideEffects` lets bundlers drop those.
 * A component's tracking starts after every other render hook, preact/hooks' too, as under the
 * library: its hooks state is set up (and effects still pending run) before its tracking starts.
 * preact/hooks comes later, with the first view on demand that uses hooks (a first open has none),
 * and installs its hook around ours: the next diff puts ours around it again.
 */
export function followSignals(): void {
  if (hooks.plSignals) return;
  hooks.plSignals = true;
  let finishTracking: (() => void) | undefined;
  /** Ends the tracking of the component that rendered last and starts `next`'s (if any). */
  const track = (next?: Updater) => {
    const finish = finishTracking;
    finishTracking = undefined;
    finish?.();
    finishTracking = next?.S();
  };

  /** The outermost render hook: the one whose call starts the tracking (the ones it wraps pass on). */
  let outermost: Hooks['__r'];
  const wrapRenderHooks = () => {
    const inner = hooks.__r;
    const own: NonNullable<Hooks['__r']> = (vnode) => {
      inner?.(vnode);
      if (own !== outermost) return;
      // createElement's own Fragment around children renders nothing of a component's.
      const component = vnode.__c;
      if (vnode.type === Fragment || !component) return track();
      component._f = (component._f ?? 0) & ~PENDING;
      track((component._u ??= createUpdater(component)));
    };
    hooks.__r = outermost = own;
  };
  wrapRenderHooks();

  // A component's tracking ends when its render returns: the next vnode's diff, the end of its own
  // diff, or an error, whichever comes first.
  before('__b', () => {
    track();
    if (hooks.__r !== outermost) wrapRenderHooks();
  });
  before('diffed', () => track());
  before('__e', () => track());

  before('unmount', (vnode) => {
    const component = vnode.__c;
    component?._u?.d();
    if (component) component._u = undefined;
  });

  // useState and useReducer (hook types 1 and 2) are state of the component's own.
  before('__h', (component, _index, type) => {
    if (type < 3) component._f = (component._f ?? 0) | HOOK_STATE;
  });

  /**
   * A component that reads signals renders when they change: its parent's render with the same
   * props changes nothing of it (nor of one with useState, whose hooks compare their own state).
   */
  Component.prototype.shouldComponentUpdate = function (this: Tracked, props: object, state: object): boolean {
    if (this.__R) return true;
    for (const _ in state) return true;
    const flags = this._f ?? 0;
    if (flags & PENDING || (!this.__f && (!this._u?.s || flags & HOOK_STATE))) return true;
    const before = this.props as Record<string, unknown>;
    for (const key in props) if (key !== '__source' && (props as Record<string, unknown>)[key] !== before[key]) return true;
    for (const key in before) if (!(key in props)) return true;
    return false;
  };
}
