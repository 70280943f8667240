import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../api/wire.ts';
import { buttonsEnabled, buttonsOf } from './attachments.ts';
import { buttonIntent } from './buttonIntent.ts';
import { infoLineOf, toChatMessages, type ChatMessage } from './chatMessage.ts';
import { inputControl } from './inputControl.ts';
import { revealed } from '../client/conversation/splitMessages.ts';
import { expandSplitMessages } from '../client/conversation/splitParts.ts';
import { checkUpload, matchesAccept, MAX_UPLOAD_BYTES } from './uploadRules.ts';

const chat = (key: string, fromVisitor: boolean, attributes: ChatMessage['attributes'] = {}, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  key,
  kind: 'message',
  text: key,
  type: 'text',
  attributes,
  senderName: fromVisitor ? '' : 'Bot',
  senderId: fromVisitor ? 'me' : 'bot_1',
  fromVisitor,
  createdAt: 1,
  state: 'sent',
  ...extra,
});

describe('inputControl', () => {
  it('follows the latest message from the other side, ignoring the visitor and info lines', () => {
    expect(inputControl([])).toEqual({ disabled: false, placeholder: null });
    const disabling = chat('a', false, { disableInputMessage: true, inputMessagePlaceholder: 'Pick one' });
    expect(inputControl([disabling])).toEqual({ disabled: true, placeholder: 'Pick one' });
    expect(inputControl([disabling, chat('v', true)])).toEqual({ disabled: true, placeholder: 'Pick one' });
    expect(inputControl([disabling, chat('i', false, {}, { kind: 'info' })])).toEqual({ disabled: true, placeholder: 'Pick one' });
    expect(inputControl([disabling, chat('b', false)])).toEqual({ disabled: false, placeholder: null });
  });

  it('stays the same object while messages change nothing for it (the composer does not re-render)', () => {
    const first = inputControl([chat('a', false)]);
    expect(inputControl([chat('a', false), chat('b', false), chat('v', true)], first)).toBe(first);
    const disabled = inputControl([chat('a', false), chat('c', false, { disableInputMessage: true })], first);
    expect(disabled).not.toBe(first);
    expect(disabled).toEqual({ disabled: true, placeholder: null });
  });
});

describe('reply buttons', () => {
  it('text sends its value; action sends value with attributes.action and hides the echo unless show_echo', () => {
    expect(buttonIntent({ type: 'text', value: 'Yes' })).toEqual({ kind: 'send', text: 'Yes', attributes: {}, metadata: { button: true } });
    expect(buttonIntent({ type: 'action', value: 'Talk to a human', action: 'handoff' })).toEqual({
      kind: 'send',
      text: 'Talk to a human',
      attributes: { action: 'handoff', subtype: 'info' },
    });
    expect(buttonIntent({ type: 'action', value: 'Shown', action: 'x', show_echo: true })).toEqual({
      kind: 'send',
      text: 'Shown',
      attributes: { action: 'x' },
    });
  });

  it('url opens http(s) links only, in a safe target', () => {
    expect(buttonIntent({ type: 'url', value: 'Docs', link: 'https://docs.example/a', target: 'parent' })).toEqual({
      kind: 'open',
      url: 'https://docs.example/a',
      target: '_parent',
    });
    expect(buttonIntent({ type: 'url', value: 'x', link: 'javascript:alert(1)' })).toEqual({ kind: 'none' });
    expect(buttonIntent({ type: 'url', value: 'x', link: 'data:text/html,<script>alert(1)</script>' })).toEqual({ kind: 'none' });
    expect(buttonIntent({ type: 'url', value: 'x', link: 'mailto:a@b.c' })).toEqual({ kind: 'none' });
    expect(buttonIntent({ type: 'url', value: 'x', link: 'https://a.example', target: '_top' })).toMatchObject({ target: '_blank' });
  });

  it('reads only well-formed buttons, and enables reply buttons on the latest unused message only', () => {
    expect(buttonsOf({ attachment: { buttons: [{ type: 'text', value: 'a' }, null as never, { value: 'no type' } as never] } })).toHaveLength(1);
    const m = chat('m', false);
    expect(buttonsEnabled(m, 'm', new Set())).toBe(true);
    expect(buttonsEnabled(m, 'later', new Set())).toBe(false);
    expect(buttonsEnabled(m, 'm', new Set(['m']))).toBe(false);
  });
});

describe('info messages', () => {
  const info = (key: string, parameters: Record<string, unknown> = {}): WireMessage => ({
    _id: key,
    sender: 'system',
    senderFullname: '',
    recipient: 'r',
    type: 'text',
    text: 'raw',
    createdAt: new Date(5).toISOString(),
    attributes: { subtype: 'info/support', messagelabel: { key, parameters } },
  });
  it('become a line for known keys only', () => {
    expect(infoLineOf(info('CHAT_CLOSED'))).toEqual({ label: 'INFO_SUPPORT_CHAT_CLOSED', params: {} });
    expect(infoLineOf(info('MEMBER_JOINED_GROUP', { member_id: 'u1', fullname: 'Ann' }))).toMatchObject({ params: { fullname: 'Ann' } });
    expect(infoLineOf(info('MEMBER_JOINED_GROUP', { member_id: 'bot_1', fullname: 'Bot' }))).toBeNull();
    expect(infoLineOf(info('SOMETHING_ELSE'))).toBeNull();
    // The service's key names no label of ours even where it names a member every object has
    // (fast-check found `toString`: its function went on to the translator, and the render threw).
    for (const inherited of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) expect(infoLineOf(info(inherited))).toBeNull();
    const list = toChatMessages([info('CHAT_CLOSED'), info('LEAD_UPDATED')], [], new Set(), 'r');
    expect(list.map((m) => [m.kind, m.infoLabel])).toEqual([['info', 'INFO_SUPPORT_CHAT_CLOSED']]);
  });
});

describe('split messages (attributes.commands)', () => {
  const scripted = chat('s', false, {
    commands: [
      { type: 'message', message: { text: 'First', type: 'text' } },
      { type: 'wait', time: 1000 },
      { type: 'message', message: { text: 'Second', type: 'image', metadata: { src: 'https://x/y.png' } } },
      { type: 'wait', time: 999999 },
      { type: 'message', message: { text: 'Third' } },
    ],
  });
  it('replay part by part from the time they arrived, with typing in between', () => {
    const parts = expandSplitMessages([scripted], new Map([['s', 10_000]]));
    expect(parts.map((p) => [p.key, p.text, p.type, p.revealAt])).toEqual([
      ['s#0', 'First', 'text', 10_000],
      ['s#1', 'Second', 'image', 11_000],
      ['s#2', 'Third', 'text', 21_000],
    ]);
    expect(revealed(parts, 10_500)).toMatchObject({ typing: true, nextAt: 11_000 });
    expect(revealed(parts, 10_500).visible.map((p) => p.text)).toEqual(['First']);
    expect(revealed(parts, 30_000)).toMatchObject({ typing: false, nextAt: null });
  });
  it('show whole, at once, when they come from history', () => {
    const parts = expandSplitMessages([scripted], new Map());
    expect(revealed(parts, 0).visible.map((p) => p.text)).toEqual(['First', 'Second', 'Third']);
  });
});

describe('upload rules', () => {
  const rules = { accept: 'image/*,.pdf,.txt', allowedExtensions: '' };
  it('accept matches extensions, wildcards and exact types', () => {
    expect(matchesAccept('a.PNG', 'image/png', 'image/*')).toBe(true);
    expect(matchesAccept('a.pdf', 'application/pdf', '.pdf')).toBe(true);
    expect(matchesAccept('a.exe', 'application/x-msdownload', 'image/*,.pdf')).toBe(false);
  });
  it("follows the service's extension list and size limit", () => {
    expect(checkUpload({ name: 'a.png', type: 'image/png', size: 10 }, rules)).toBeNull();
    expect(checkUpload({ name: 'a.webp', type: 'image/webp', size: 10 }, rules)).toEqual({ key: 'UPLOAD_TYPE_NOT_ALLOWED' });
    expect(checkUpload({ name: 'a.webp', type: 'image/webp', size: 10 }, { ...rules, allowedExtensions: '*/*' })).toBeNull();
    expect(checkUpload({ name: 'big.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 }, rules)).toEqual({
      key: 'UPLOAD_TOO_LARGE',
      limit: MAX_UPLOAD_BYTES,
    });
  });
});
