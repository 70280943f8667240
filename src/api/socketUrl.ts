/**
 * The API root as a socket URL, where the reference listens (`WS_SERVER_PATH` '/', behind the
 * same prefix as the API): `https://host/v3` → `wss://host/v3/`; `http` → `ws`; drops query and hash.
 */
export function socketUrlFor(apiUrl: string): string {
  let parsed: URL;
  try {
    const base = (globalThis as { location?: { href?: string } }).location?.href;
    parsed = base ? new URL(apiUrl, base) : new URL(apiUrl);
  } catch {
    // Not a URL we can parse: do the obvious textual thing rather than throw.
    return `${apiUrl
      .replace(/[?#].*$/, '')
      .replace(/^http/i, 'ws')
      .replace(/\/+$/, '')}/`;
  }
  const secure = parsed.protocol === 'https:' || parsed.protocol === 'wss:';
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${secure ? 'wss:' : 'ws:'}//${parsed.host}${path}/`;
}
