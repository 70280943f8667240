/**
 * Names from the service (senders, agents in info lines) are shown to the visitor. They are data,
 * not layout: the explicit bidi controls (embeddings, overrides, isolates) a name could use to
 * flip the text around it are removed here, and the views isolate every name besides (`<bdi>`, or
 * FSI…PDI inside a sentence), so a name can never reorder what follows it.
 */

// LRE RLE PDF LRO RLO and LRI RLI FSI PDI. Marks (LRM, RLM, ALM) have no scope and stay.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
const NAME_MAX = 80;

export function displayName(raw: string): string {
  return raw.replace(BIDI_CONTROLS, '').replace(/\s+/g, ' ').trim().slice(0, NAME_MAX);
}

/** First strong isolate … pop directional isolate: a name inside a translated sentence. */
export function isolateInText(name: string): string {
  return `\u2068${displayName(name)}\u2069`;
}

/** How a name reads, ignoring case, width, spaces and invisible characters. */
function folded(name: string): string {
  return name
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[\s\p{Cf}]/gu, '');
}

/**
 * True when another person's name would read as the label of the visitor's own messages (an agent
 * named "You"). Who is the visitor is decided by sender id, never by name; this only keeps such a
 * name from being mistaken for that label.
 */
export function readsAsVisitorLabel(name: string, visitorLabel: string): boolean {
  const n = folded(name);
  return n !== '' && n === folded(visitorLabel);
}
