import { ApiError, joinUrl, NetworkError, type Http } from './http.ts';

/**
 * The service's public transcript of a conversation: `GET /public/requests/{rid}/messages.html` /
 * `.txt` (docs/service.md §2: no authentication, across projects). A deployment may switch it
 * off (`DISABLE_TRANSCRIPT_VIEW_PAGE`: the route is then not mounted and the path falls into the
 * project catch-all, `400 {"error":"Invalid project id: public"}`), and a proxy or another service
 * may answer an HTML 404 page, even with a 200. The caller then makes one in the browser.
 */

export type TranscriptFormat = 'html' | 'txt';

export function transcriptPath(requestId: string, format: TranscriptFormat): string {
  return `/public/requests/${encodeURIComponent(requestId)}/messages.${format}`;
}

/** The address to open or link to (no token in it: the route is public). */
export function transcriptUrl(apiUrl: string, requestId: string, format: TranscriptFormat): string {
  return joinUrl(apiUrl, transcriptPath(requestId, format));
}

export type ServedTranscript =
  | { served: true; text: string }
  /** `absent`: not served here (404, disabled, an HTML page); `failed`: 5xx, offline, timeout. */
  | { served: false; reason: 'absent' | 'failed'; status: number | null };

// An error page or an app's fallback page where the text should be. The reference's own text
// transcript starts "Chat transcript:" (and is sent as text/html, so the type tells nothing).
const HTML_START = /^\s*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i;

/**
 * The service's text transcript, or why there is none. Never throws for an answer of the service:
 * every outcome is a value, so the caller's fallback is one branch.
 */
export async function fetchTextTranscript(http: Http, requestId: string): Promise<ServedTranscript> {
  let answer: unknown;
  try {
    answer = await http<unknown>('GET', transcriptPath(requestId, 'txt'));
  } catch (error) {
    if (error instanceof ApiError) return { served: false, reason: error.status >= 500 ? 'failed' : 'absent', status: error.status };
    if (error instanceof NetworkError) return { served: false, reason: 'failed', status: null };
    throw error;
  }
  // JSON (the http layer parses what it can) or nothing is not a text transcript.
  if (typeof answer !== 'string' || HTML_START.test(answer)) return { served: false, reason: 'absent', status: 200 };
  return { served: true, text: answer };
}
