/**
 * The two things about a site's token that every page needs, without reading its claims
 * (customToken.ts, loaded with the sign-in): whether a value is a JWT at all, and the page address
 * without the token parameters.
 */

/** Three base64url parts, with or without the `JWT ` scheme (any case, as passport reads it), blanks around. */
const PAGE_JWT = /^\s*(?:jwt\s+)?([\w-]+\.[\w-]+\.[\w-]*)\s*$/i;

/**
 * The bare JWT of a token given with or without its `JWT ` scheme, or null when it is not one
 * (three base64url parts). What the settings and the command accept.
 */
export function customTokenJwt(value: unknown): string | null {
  return typeof value === 'string' ? (PAGE_JWT.exec(value)?.[1] ?? null) : null;
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
