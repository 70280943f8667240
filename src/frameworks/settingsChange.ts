import type { MountSettings } from '../index.ts';

/**
 * Settings a widget reads once, when it starts (who it talks to, where it keeps the visitor,
 * preview or live, whether it mirrors events on `window`): a change means a new instance. Not
 * `jwt`: a new instance would find the visitor before on the device; the live one signs the next in
 * (another visitor starts clean) or, when it is taken away, signs the visitor out.
 */
const BOOT_KEYS = ['projectid', 'apiUrl', 'persistence', 'preview', 'windowEvents'] as const;

export type SettingsChange = { kind: 'none' } | { kind: 'remount' } | { kind: 'update'; partial: Record<string, unknown> };

/** `undefined` props count as not given, as an optional prop left out would. */
function given(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}

/**
 * Frameworks hand over a fresh object (and fresh inline objects such as `customAttributes`) on
 * every render: values are compared by content, so re-rendering with equal props does nothing.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/**
 * What the framework wrappers do when their props change: nothing, `instance.update(partial)`
 * with the changed keys, or a new instance — for a boot setting, or for a removed key, since
 * `update()` layers settings over the page's and cannot take one back. A removed `jwt` is the one
 * it takes back: `update({jwt: null})` signs the visitor out.
 */
export function settingsChange(previous: MountSettings, next: MountSettings): SettingsChange {
  const before = given(previous);
  const after = given(next);
  if (BOOT_KEYS.some((key) => !sameValue(before[key], after[key]))) return { kind: 'remount' };
  const removed = Object.keys(before).filter((key) => !(key in after));
  if (removed.some((key) => key !== 'jwt')) return { kind: 'remount' };
  const partial: Record<string, unknown> = removed.length ? { jwt: null } : {};
  for (const [key, value] of Object.entries(after)) if (!sameValue(before[key], value)) partial[key] = value;
  return Object.keys(partial).length ? { kind: 'update', partial } : { kind: 'none' };
}
