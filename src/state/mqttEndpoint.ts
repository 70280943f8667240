/**
 * Where the Chat21 broker's WebSocket is, from the `mqttEndpoint` setting (docs/service.md §12.2):
 * - a `ws://` or `wss://` URL: that URL (without a fragment, which a WebSocket refuses);
 * - a path starting with `/` (stock deployments: `/mqws/ws`): on the API's origin, `wss:` for an
 *   `https:` API and `ws:` for `http:`, as the official widget makes its `MQTTendpoint` absolute;
 * - anything else (an `http:` URL, a relative path, a path that leaves the API's host such as
 *   `//other.host/ws`, not a string): null, no push, the widget polls as without the setting.
 * `apiUrl` may itself be relative to the page (`pageUrl`).
 */
export function mqttEndpoint(setting: unknown, apiUrl: string, pageUrl?: string): string | null {
  if (typeof setting !== 'string') return null;
  const value = setting.trim();
  try {
    if (/^wss?:\/\//i.test(value)) {
      const url = new URL(value);
      url.hash = '';
      return url.href;
    }
    if (!value.startsWith('/')) return null;
    const api = pageUrl === undefined ? new URL(apiUrl) : new URL(apiUrl, pageUrl);
    if (api.protocol !== 'https:' && api.protocol !== 'http:') return null;
    const url = new URL(value, api.origin);
    // `//host/…` and `/\host/…` are paths to the parser but name another host: the token would go there.
    if (url.host !== api.host) return null;
    url.protocol = api.protocol === 'https:' ? 'wss:' : 'ws:';
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}
