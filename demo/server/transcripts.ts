/**
 * The public transcript of a conversation, `routes/public-request.js` of the reference (docs/service.md
 * §2): no authentication, found by `recipient` alone (across projects), oldest first.
 * - `GET /public/requests/:rid/messages`: the messages as JSON (`[]` for an unknown id);
 * - `…/messages.html`: the reference's `messages` view — a "Chat Transcript" heading and one
 *   paragraph per message, `[date] name: text`, the date in Italian, UTC (sic) — without its logo
 *   and "powered by" footer;
 * - `…/messages.txt`: `Chat transcript:` and one line per message, `[ date] name: text`, the date
 *   in English, UTC; sent with `res.send`, so as `text/html` (sic), as an attachment
 *   `transcript.txt`; a message without text reads `undefined` (sic);
 * - `…/messages-user.html` / `.txt`: the same without the system's messages (`sender: "system"`).
 * The `.csv` and `.pdf` variants are not reproduced. The `disableTranscripts` fault leaves the
 * routes unmounted, as `DISABLE_TRANSCRIPT_VIEW_PAGE` does: the path then falls into the project
 * catch-all, `400 {"error":"Invalid project id: public"}`.
 */
import type { Request, Response, Router } from 'express';
import type { Faults } from './faults.ts';
import { messageJson } from './serialize.ts';
import { byCreatedAt, type Store } from './store.ts';
import type { MessageDoc } from './types.ts';

export interface TranscriptDeps {
  store: Store;
  faults: Faults;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** `Message.find({recipient}).sort({createdAt: 'asc'})`: every project's messages to that id. */
function messagesTo(store: Store, requestId: string, withSystem: boolean): MessageDoc[] {
  return store.data.messages.filter((m) => m.recipient === requestId && (withSystem || m.sender !== 'system')).sort(byCreatedAt);
}

const utc = (iso: string, locale: string) => new Date(iso).toLocaleString(locale, { timeZone: 'UTC' });

export function transcriptText(messages: readonly MessageDoc[]): string {
  let text = 'Chat transcript:\n';
  for (const m of messages) text += `[ ${utc(m.createdAt, 'en')}] ${m.senderFullname}: ${String(m.text)}\n`;
  return text;
}

export function transcriptHtml(messages: readonly MessageDoc[]): string {
  const lines = messages.map(
    (m) =>
      `<p class="transcript-p"><span class="transcript-chat-date">[${escapeHtml(utc(m.createdAt, 'it'))}] </span>` +
      `<span class="transcript-chat-sender">${escapeHtml(m.senderFullname ?? '')}: </span>` +
      `<span class="transcript-chat-msg">${escapeHtml(m.text ?? '')}</span></p>`,
  );
  return (
    '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Chat Transcript</title></head><body>' +
    `<div class="transcript-container"><div class="transcript-wrapper"><h1 class="transcript-title">Chat Transcript</h1>${lines.join('')}</div></div>` +
    '</body></html>'
  );
}

type Variant = 'json' | 'html' | 'txt';

function answer(deps: TranscriptDeps, variant: Variant, withSystem: boolean) {
  return (req: Request, res: Response, next: () => void): void => {
    if (deps.faults.state.disableTranscripts) return next();
    const messages = messagesTo(deps.store, req.params.requestid ?? '', withSystem);
    if (variant === 'json') return void res.json(messages.map(messageJson));
    if (variant === 'html') return void res.type('html').send(transcriptHtml(messages));
    res.set({ 'Content-Disposition': 'attachment; filename="transcript.txt"' });
    res.send(transcriptText(messages));
  };
}

/** Mounted before `/projects` and the project catch-all, as in the reference's app.js. */
export function registerTranscripts(router: Router, deps: TranscriptDeps): void {
  router.get('/public/requests/:requestid/messages', answer(deps, 'json', true));
  router.get('/public/requests/:requestid/messages.html', answer(deps, 'html', true));
  router.get('/public/requests/:requestid/messages.txt', answer(deps, 'txt', true));
  router.get('/public/requests/:requestid/messages-user.html', answer(deps, 'html', false));
  router.get('/public/requests/:requestid/messages-user.txt', answer(deps, 'txt', false));
}
