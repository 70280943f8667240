/**
 * The previous list when the next one holds the same items in the same order. Signals compare by
 * identity: a derived list rebuilt with nothing changed would otherwise wake every view of it.
 */
export function keepIfUnchanged<L extends readonly unknown[]>(previous: L, next: L): L {
  if (previous === next || previous.length !== next.length) return next;
  for (let i = 0; i < next.length; i++) if (previous[i] !== next[i]) return next;
  return previous;
}
