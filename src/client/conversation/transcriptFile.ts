/**
 * The conversation as a file the visitor keeps (`client.transcript()`, a chunk of its own): the
 * service's public text transcript where it serves one (docs/service.md §2), else the text
 * transcript made here from what the visitor sees (transcript.ts), so the button always works.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import type { Http } from '../../api/http.ts';
import { fetchTextTranscript } from '../../api/transcript.ts';
import type { ChatMessage } from '../../state/chatMessage.ts';
import { buildTextTranscript, transcriptFileName, type TranscriptOptions } from '../../state/transcript.ts';

/** The conversation as a text file (`transcript()`). */
export interface Transcript {
  /** A name to save it under. */
  fileName: string;
  /** The file's text. */
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

/** The transcript of the conversation a chat shows now (`client.transcript()`). */
export function transcriptOf(
  http: Http,
  chat: {
    conversation: { requestId: ReadonlySignal<string | null>; messages: ReadonlySignal<readonly ChatMessage[]> };
    session: { visitor: ReadonlySignal<{ fullName: string; authenticated?: true } | null> };
    textOf: TranscriptOptions['t'];
    /** The texts of views loaded on demand (a file's and an image's names among them): waited for. */
    viewTexts(): true | Promise<void>;
    lang: ReadonlySignal<string>;
    title: ReadonlySignal<string>;
  },
): Promise<Transcript> {
  const visitor = chat.session.visitor.peek();
  const requestId = chat.conversation.requestId.peek();
  const messages = chat.conversation.messages.peek();
  return Promise.resolve(chat.viewTexts()).then(() =>
    makeTranscript({
      http,
      requestId,
      messages,
      t: chat.textOf,
      lang: chat.lang.peek(),
      title: chat.title.peek(),
      // A guest's name is the service's "guest#3f2a": their lines read "You".
      ...(visitor?.authenticated && visitor.fullName ? { visitorName: visitor.fullName } : {}),
    }),
  );
}
