import { withoutTokenParams } from '../../state/tokenParams.ts';

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
