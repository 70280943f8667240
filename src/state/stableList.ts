/**
 * The previous list when the next one holds the same items in the same order. Signals compare by
 * identity: a derived list rebuilt with nothing changed would otherwise wake every view of it.
 */
export function keepIfUnchanged<L extends readonly unknown[]>(previous: L, next: L): L {
  if (previous === next || previous.length !== next.length) return next;
  for (let i = 0; i < next.length; i++) if (previous[i] !== next[i]) return next;
  return previous;
}

/** `list` starts with the very same items as `prefix`, a non-empty one (identity: cheap, even for thousands). */
export function startsWithSame(list: readonly unknown[], prefix: readonly unknown[]): boolean {
  if (list.length < prefix.length || !prefix.length) return false;
  for (let i = prefix.length - 1; i >= 0; i--) if (list[i] !== prefix[i]) return false;
  return true;
}
