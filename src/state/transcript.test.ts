import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/translator.ts';
import type { WireMessage } from '../api/wire.ts';
import { toChatMessages, type ChatMessage, type OutboxItem } from './chatMessage.ts';
import { buildTextTranscript, transcriptFileName } from './transcript.ts';

const rid = 'support-group-p-0123456789abcdef0123456789abcdef';
const at = (minute: number) => `2024-01-02T10:${String(minute).padStart(2, '0')}:00.000Z`;
const wire = (m: Partial<WireMessage> & { _id: string }): WireMessage => ({
  sender: 'agent-1',
  senderFullname: 'Ann Agent',
  recipient: rid,
  type: 'text',
  text: '',
  createdAt: at(0),
  ...m,
});

const history: WireMessage[] = [
  wire({ _id: '1', sender: 'me', senderFullname: 'Jane Doe', text: 'Hello,\ndo you ship to Canada?', createdAt: at(1) }),
  wire({
    _id: '2',
    sender: 'system',
    senderFullname: 'System',
    text: 'Ann Agent joined',
    createdAt: at(2),
    attributes: { subtype: 'info/support', messagelabel: { key: 'MEMBER_JOINED_GROUP', parameters: { member_id: 'agent-1', fullname: 'Ann Agent' } } },
  }),
  wire({
    _id: '3',
    text: 'We do!',
    createdAt: at(3),
    attributes: {
      attachment: {
        buttons: [
          { type: 'text', value: 'Great' },
          { type: 'url', value: 'Rates', link: 'https://example.com' },
        ],
      },
    },
  }),
  wire({ _id: '4', type: 'image', text: '', createdAt: at(4), metadata: { src: 'https://cdn.example.com/box.png', name: 'box.png', width: 10, height: 10 } }),
  wire({
    _id: '5',
    type: 'file',
    senderFullname: '',
    text: 'price-list.pdf',
    createdAt: at(5),
    metadata: { src: 'javascript:alert(1)', name: 'price-list.pdf' },
  }),
  wire({
    _id: '6',
    sender: 'bot_1',
    senderFullname: 'Porch Bot',
    text: 'hidden',
    createdAt: at(6),
    attributes: { subtype: 'info', messagelabel: { key: 'SOMETHING_INTERNAL' } },
  }),
];
const failed: OutboxItem = {
  tempUID: 't1',
  requestId: rid,
  text: 'Are you there?',
  type: 'text',
  attributes: { tempUID: 't1' },
  createdAt: Date.parse(at(7)),
  attempts: 6,
  state: 'failed',
  maybeDelivered: false,
  notBefore: 0,
};

async function translator(lang: string) {
  const tr = createTranslator(lang);
  await tr.use(lang);
  // As transcriptOf does: a file's and an image's names are texts of views loaded on demand.
  await tr.viewTexts();
  return tr.textOf;
}

function stamp(lang: string, iso: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));
}

describe('buildTextTranscript', () => {
  it('writes what the visitor sees, one line per message, with names, times, info lines, files and buttons', async () => {
    const messages = toChatMessages(history, [failed], new Set(['me']), rid);
    const text = buildTextTranscript(messages, { lang: 'en', t: await translator('en'), title: 'Porch & Lantern', timeZone: 'UTC', madeAt: Date.parse(at(9)) });
    expect(text).toBe(
      [
        'Porch & Lantern',
        stamp('en', at(9)),
        '',
        `[${stamp('en', at(1))}] You: Hello,`,
        '    do you ship to Canada?',
        `[${stamp('en', at(2))}] — Ann Agent joined the conversation —`,
        `[${stamp('en', at(3))}] Ann Agent: We do!`,
        '    [Great] [Rates]',
        `[${stamp('en', at(4))}] Ann Agent: [Image: box.png] https://cdn.example.com/box.png`,
        `[${stamp('en', at(5))}] Support: [Attachment: price-list.pdf]`,
        `[${stamp('en', at(7))}] You: Are you there? (Not sent)`,
        '',
      ].join('\n'),
    );
  });

  it("writes times and texts in the visitor's language, and names the visitor as asked", async () => {
    const messages = toChatMessages(history.slice(0, 2), [], new Set(['me']), rid);
    const text = buildTextTranscript(messages, { lang: 'it', t: await translator('it'), visitorName: 'Jane Doe', timeZone: 'UTC' });
    expect(stamp('it', at(1))).not.toBe(stamp('en', at(1)));
    expect(text.split('\n')[0]).toBe(`[${stamp('it', at(1))}] Jane Doe: Hello,`);
    expect(text).not.toContain('joined the conversation');
  });

  it('never throws on an unknown language or time zone, and writes nothing for nothing', () => {
    const t = (key: string) => key;
    const message: ChatMessage = {
      key: 'k',
      kind: 'message',
      text: 'hi',
      type: 'text',
      senderName: 'A',
      senderId: 'a',
      fromVisitor: false,
      createdAt: 0,
      state: 'sent',
    };
    expect(buildTextTranscript([message], { lang: 'not a language!', t, timeZone: 'Mars/Base' })).toBe('A: hi\n');
    expect(buildTextTranscript([], { lang: 'en', t })).toBe('\n');
  });
});

describe('transcriptFileName', () => {
  it('is the local date it was made', () => {
    expect(transcriptFileName(new Date(2026, 10, 6, 23, 59).getTime())).toBe('conversation-2026-11-06.txt');
  });
});
