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

/**
 * The page address without the token parameters. A token read from the query must never be
 * written anywhere a person or another site can see it: not into `sourcePage` (agents read it, and
 * it is stored with the conversation), a transcript, a shared link or a `Referer`. Other
 * parameters and the fragment stay as they were; an address that is no URL comes back unchanged.
 */
export function withoutTokenParams(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  const params = new URLSearchParams(url.search);
  let found = false;
  for (const key of [...params.keys()]) {
    if (TOKEN_PARAMS.includes(key)) {
      params.delete(key);
      found = true;
    }
  }
  if (!found) return href;
  const search = params.toString();
  url.search = search ? `?${search}` : '';
  return url.href;
}
