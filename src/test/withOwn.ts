/**
 * `target` with `own` in place of its properties of those names (the rest read from `target`, its
 * methods called on it, as the page's are): a window with other tabs' channels and locks, a
 * document that is hidden, …
 */
export function withOwn<T extends object>(target: T, own: Record<string, unknown>): T {
  return new Proxy(target, {
    get(_, key) {
      if (typeof key === 'string' && key in own) return own[key];
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
