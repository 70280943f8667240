/**
 * The conversation as a file the visitor keeps (`client.transcript()`, a chunk of its own): the
 * service's public text transcript where it serves one (docs/service.md §2), else the text
 * transcript made here from what the visitor sees (transcript.ts), so the button always works.
 */
import type { Http } from '../api/http.ts';
import { fetchTextTranscript } from '../api/transcript.ts';
import type { ChatMessage } from './chatMessage.ts';
import { buildTextTranscript, transcriptFileName, type TranscriptOptions } from './transcript.ts';

export interface Transcript {
  fileName: string;
  text: string;
  /** Who made it: the service, or the browser from the history it shows. */
  source: 'service' | 'browser';
}

export async function makeTranscript(
  o: Pick<TranscriptOptions, 't' | 'lang' | 'title' | 'visitorName'> & {
    http: Http;
    requestId: string | null;
    messages: readonly ChatMessage[];
    now?: number;
  },
): Promise<Transcript> {
  const madeAt = o.now ?? Date.now();
  const fileName = transcriptFileName(madeAt);
  // Nothing delivered yet: the service has nothing to say about it.
  const delivered = o.messages.some((m) => m.kind === 'message' && m.state === 'sent');
  if (o.requestId && delivered) {
    const served = await fetchTextTranscript(o.http, o.requestId);
    if (served.served) return { fileName, text: served.text, source: 'service' };
  }
  return { fileName, text: buildTextTranscript(o.messages, { t: o.t, lang: o.lang, title: o.title, visitorName: o.visitorName, madeAt }), source: 'browser' };
}
