/**
 * URL allow-listing for anything that came from the service (agent/bot messages, settings).
 *
 * Why an allow-list and not a block-list: browsers forgive a lot (`java\tscript:`, `\u0001javascript:`,
 * mixed case, leading spaces), so naming bad schemes never ends. We normalise the way the WHATWG URL
 * parser does, let `new URL()` decide what the scheme is, and keep only the few schemes we want.
 * The normalised `href` is what we return, so what we checked is exactly what ends up in the DOM.
 */

const LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'blob:']);

/** Longer than any link worth showing; also bounds the work done on hostile input. */
export const MAX_URL_LENGTH = 2048;

// C0/C1 controls: the URL parser silently drops tab/CR/LF anywhere and trims the rest at the ends,
// which is how `jav\tascript:` and `\u0000javascript:` sneak past naive checks.
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
// Whitespace plus invisible format characters (ZWSP, BOM, bidi marks…) that `trim()` keeps.
const EDGE_JUNK = /^[\s\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]+|[\s\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]+$/g;
// An explicit scheme, exactly as the URL standard spells it. Anything else (`&#106;avascript:`,
// `//evil.com`, `/path`, `example.com`) has no scheme and would be resolved against our page: refused.
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

function parseAllowed(raw: unknown, allowed: ReadonlySet<string>, allowWww: boolean): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_URL_LENGTH) return null;
  let s = raw.replace(CONTROL, '').replace(EDGE_JUNK, '');
  if (!HAS_SCHEME.test(s)) {
    // `www.example.com` is what people type; it is the only scheme-less form we accept.
    if (!allowWww || !/^www\./i.test(s)) return null;
    s = `https://${s}`;
  }
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return null;
  }
  if (!allowed.has(url.protocol)) return null;
  if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.hostname) return null;
  // `https://bank.example@evil.example` reads as the bank and goes to evil: no credentials in URLs.
  if (url.username || url.password) return null;
  return url.href;
}

/** A link target we are willing to render, normalised, or null. Only http(s), mailto and tel. */
export function safeLinkUrl(raw: string): string | null {
  return parseAllowed(raw, LINK_PROTOCOLS, true);
}

/** An image source we are willing to load, normalised, or null. `blob:` is allowed for local previews. */
export function safeImageUrl(raw: string): string | null {
  return parseAllowed(raw, IMAGE_PROTOCOLS, false);
}

/**
 * Settings say `blank` / `parent` / `self`; anything else (including `_top`, frame names, garbage)
 * becomes `_blank`, so a hostile setting can never navigate the host page's top window.
 */
export function safeNavigationTarget(target: unknown): '_blank' | '_parent' | '_self' {
  if (typeof target !== 'string') return '_blank';
  switch (target.trim().toLowerCase().replace(/^_/, '')) {
    case 'parent':
      return '_parent';
    case 'self':
      return '_self';
    default:
      return '_blank';
  }
}
