/**
 * The two things about a site's token that every page needs, without reading its claims
 * (customToken.ts, loaded with the sign-in): whether a value is a JWT at all, and the page address
 * without the token parameters.
 */
import { bareJwt } from '../api/auth.ts';

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * The bare JWT of a token given with or without its `JWT ` scheme, or null when it is not one
 * (three base64url parts). What the settings and the command accept.
 */
export function customTokenJwt(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const jwt = bareJwt(value);
  return JWT_SHAPE.test(jwt) ? jwt : null;
}

const TOKEN_PARAMS = ['porchlight_jwt', 'tiledesk_jwt'];

/** A query parameter's name as URLSearchParams reads it (settings.ts `settingsFromQuery`). */
function paramName(piece: string): string {
  const raw = piece.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The page address without the token parameters. A token read from the query must never be
 * written anywhere a person or another site can see it: not into `sourcePage` (agents read it, and
 * it is stored with the conversation), a transcript, a shared link or a `Referer`. Other
 * parameters (as written: not re-encoded) and the fragment stay as they were; an address that is
 * no URL comes back unchanged.
 */
export function withoutTokenParams(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  const pieces = url.search.slice(1).split('&');
  const kept = pieces.filter((piece) => !TOKEN_PARAMS.includes(paramName(piece)));
  if (kept.length === pieces.length) return href;
  url.search = kept.join('&');
  return url.href;
}

/**
 * The page's query string, read once by the widget (its settings, a token). The token parameters
 * then leave the address (`history.replaceState`: no new entry, the page's history state and every
 * other part of the address kept), so Back, a reload or a bookmark never signs the visitor in with
 * that token again, after a logout above all.
 */
export function readPageQuery(win: Window): string {
  const { search, href } = win.location;
  const clean = withoutTokenParams(href);
  if (clean !== href) {
    try {
      win.history.replaceState(win.history.state, '', clean);
    } catch {
      // A sandboxed or opaque page may not rewrite its address: the token was read all the same.
    }
  }
  return search;
}
