import { socketUrlFor } from '../../api/socketUrl.ts';

/**
 * Where the socket is, from the `realtime` setting: `true` → the API root, where the reference
 * places it (`wss://host/v3/`); a ws(s) URL → that URL; anything else → none. With the socket's
 * code (realtime.ts): a visit whose setting names no socket never downloads this.
 */
export function realtimeEndpoint(setting: boolean | string, apiUrl: string): string | null {
  if (setting === true) return socketUrlFor(apiUrl);
  if (typeof setting !== 'string') return null;
  try {
    const url = new URL(setting);
    return url.protocol === 'ws:' || url.protocol === 'wss:' ? url.href : null;
  } catch {
    return null;
  }
}
