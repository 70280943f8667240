/**
 * A transcript made in the browser, for a service that does not serve its own (`fetchTextTranscript`
 * said "not served"): plain text from what the visitor sees, in the visitor's language. One line per
 * message — `[date, time] Name: text` — continuation lines indented, info lines (closed, joined) as
 * `— sentence —`, images and files as their names and addresses, buttons as `[value]`.
 */
import type { ChatMessage } from './chatMessage.ts';
import { displayName } from './displayName.ts';
import { safeLinkUrl } from './safeUrl.ts';

export interface TranscriptOptions {
  /** The visitor's language (a BCP 47 tag); times are written with Intl in it. */
  lang: string;
  /** The widget's translator: `YOU`, `SUPPORT_LABEL`, `IMAGE_LABEL`, `ATTACHMENT_LABEL`, `MESSAGE_FAILED` and the info labels. */
  t: (key: string, params?: Record<string, unknown>) => string;
  /** The first line (the widget's title or the project's name); none when empty. */
  title?: string;
  /** The name of the visitor's own lines; default `t('YOU')`. */
  visitorName?: string;
  /** Default: the visitor's own time zone. */
  timeZone?: string;
  /** When it is made (ms), written under the title; default none. */
  madeAt?: number;
}

function dateTimeFormat(lang: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone };
  try {
    return new Intl.DateTimeFormat(lang || undefined, options);
  } catch {
    // An unknown language tag or time zone: the browser's own, never an exception.
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }
}

const indent = (text: string) => text.replace(/\r\n?/g, '\n').split('\n').join('\n    ');

/** `[Image: name] https://…`: the name (or the kind) and, when it is a link we would show, the address. */
function attachmentOf(message: ChatMessage, kindLabel: string): string | null {
  if (message.type !== 'image' && message.type !== 'file') return null;
  const metadata = message.metadata ?? {};
  const name = typeof metadata.name === 'string' ? displayName(metadata.name) : '';
  const src = typeof metadata.src === 'string' ? safeLinkUrl(metadata.src) : null;
  return [`[${name ? `${kindLabel}: ${name}` : kindLabel}]`, src].filter(Boolean).join(' ');
}

function buttonsOf(message: ChatMessage): string {
  const buttons = message.attributes?.attachment?.buttons ?? [];
  return buttons
    .map((b) => (typeof b.value === 'string' ? b.value.replace(/\s+/g, ' ').trim() : ''))
    .filter(Boolean)
    .map((value) => `[${value}]`)
    .join(' ');
}

function bodyOf(message: ChatMessage, t: TranscriptOptions['t']): string {
  const attachment = attachmentOf(message, t(message.type === 'image' ? 'IMAGE_LABEL' : 'ATTACHMENT_LABEL'));
  // A file's text is often its own name (`[price-list.pdf](…)` on the official widget): said once.
  const text = message.text.trim();
  const parts = [attachment, text && !(attachment && attachment.includes(text)) ? text : ''].filter(Boolean);
  const buttons = buttonsOf(message);
  if (buttons) parts.push(`\n${buttons}`);
  if (message.state === 'failed') parts.push(`(${t('MESSAGE_FAILED')})`);
  return indent(parts.join(' ').replace(/ \n/g, '\n'));
}

/** The text transcript of `messages` (oldest first, as the message list shows them). */
export function buildTextTranscript(messages: readonly ChatMessage[], options: TranscriptOptions): string {
  const { t } = options;
  const format = dateTimeFormat(options.lang, options.timeZone);
  const when = (ms: number) => (ms > 0 ? `[${format.format(new Date(ms))}] ` : '');
  const visitor = options.visitorName?.trim() || t('YOU');
  const lines: string[] = [];
  const title = options.title?.trim();
  if (title) lines.push(title);
  if (options.madeAt) lines.push(format.format(new Date(options.madeAt)));
  if (lines.length) lines.push('');
  for (const message of messages) {
    if (message.kind === 'info') {
      lines.push(`${when(message.createdAt)}— ${t(message.infoLabel ?? '', message.infoParams ?? {})} —`);
      continue;
    }
    const name = message.fromVisitor ? visitor : message.senderName || t('SUPPORT_LABEL');
    lines.push(`${when(message.createdAt)}${name}: ${bodyOf(message, t)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `conversation-2026-11-26.txt`: the local date it was saved, nothing from the service in it. */
export function transcriptFileName(madeAt: number): string {
  const d = new Date(madeAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `conversation-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.txt`;
}
