import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archivedTopic, inboxFilter, isTopicSafeId, messageTopic, parseInboxTopic } from '../chat21Topics.ts';
import type { Chat21Message } from '../wire.ts';
import { normalizeChat21Token, normalizePush } from './chat21.ts';
import { normalizeMessage } from './message.ts';

const UID = 'a1b2c3d4-guest';
const RID = 'support-group-p1-0123456789abcdef0123456789abcdef';
const TOPIC = messageTopic(UID, RID);
const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwtWith = (claims: unknown) => `eyJhbGciOiJIUzI1NiJ9.${base64url(claims)}.c2lnbmF0dXJl`;
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** The agent reply of docs/service.md §12.4, as the broker pushed it. */
const pushed: Chat21Message = {
  text: 'agent reply',
  type: 'text',
  recipient_fullname: 'guest#22d4 ',
  sender_fullname: 'Ada Admin',
  channel_type: 'group',
  attributes: { tiledesk_message_id: '6b0ab9a6ca5afc4116c45c14', projectId: 'p1', channel: 'chat21', request_channel: 'chat21' },
  timestamp: 1795864998655,
  message_id: '0f9e2c1a-chat21-uuid',
  sender: '5f00000000000000000000aa',
  recipient: RID,
  app_id: 'tilechat',
  status: 150,
};

describe('chat21Topics', () => {
  it('the inbox filter, and the message and archive topics in it', () => {
    expect(inboxFilter(UID)).toBe(`apps/tilechat/users/${UID}/#`);
    expect(messageTopic(UID, RID)).toBe(`apps/tilechat/users/${UID}/messages/${RID}/clientadded`);
    expect(archivedTopic(UID, RID)).toBe(`apps/tilechat/users/${UID}/archived_conversations/${RID}/clientadded`);
  });

  it('reads the conversation from the 6th segment', () => {
    expect(parseInboxTopic(messageTopic(UID, RID), UID)).toEqual({ kind: 'message', requestId: RID });
    expect(parseInboxTopic(archivedTopic(UID, RID), UID)).toEqual({ kind: 'archived', requestId: RID });
  });

  it.each([
    ['another user’s inbox', messageTopic('someone-else', RID)],
    ['a receipt', `apps/tilechat/users/${UID}/messages/${RID}/m1/clientupdated`],
    ['a conversation update', `apps/tilechat/users/${UID}/conversations/${RID}/clientadded`],
    ['an un-archive', `apps/tilechat/users/${UID}/archived_conversations/${RID}/clientdeleted`],
    ['presence', `apps/tilechat/users/${UID}/presence/client-1`],
    ['another app', `apps/otherapp/users/${UID}/messages/${RID}/clientadded`],
    ['no conversation', `apps/tilechat/users/${UID}/messages//clientadded`],
    ['one level more', `${messageTopic(UID, RID)}/x`],
    ['an outgoing topic', `apps/tilechat/outgoing/users/${UID}/messages/${RID}/outgoing`],
  ])('ignores %s', (_, topic) => {
    expect(parseInboxTopic(topic, UID)).toBeNull();
  });

  it('a user id is safe in a topic only without separators and wildcards', () => {
    expect(isTopicSafeId(UID)).toBe(true);
    for (const unsafe of ['', 'a/b', '+', '#', 'a+', 'x#', 'a\u0000b']) expect(isTopicSafeId(unsafe)).toBe(false);
  });
});

describe('normalizeChat21Token', () => {
  it('takes userid and the bare token, and reads when it expires', () => {
    const token = jwtWith({ sub: UID, exp: 1_800_000_000 });
    expect(normalizeChat21Token({ userid: UID, fullname: 'guest', firstname: 'g', lastname: '', token })).toEqual({
      userid: UID,
      token,
      expiresAt: 1_800_000_000_000,
    });
  });

  it('drops a JWT scheme in front of the token', () => {
    const token = jwtWith({ exp: 1 });
    expect(normalizeChat21Token({ userid: UID, token: `JWT ${token}` })?.token).toBe(token);
  });

  it('a token without a readable exp has no expiresAt (the broker decides; a 1002 renews it)', () => {
    for (const token of [jwtWith({ sub: UID }), jwtWith({ exp: 'soon' }), jwtWith([1]), 'e30.bm90IGpzb24.c2ln', 'e30.!!!!.c2ln'.replace('!!!!', 'x_-y')]) {
      const out = normalizeChat21Token({ userid: UID, token });
      expect(out).toEqual({ userid: UID, token });
    }
  });

  it.each([
    ['no userid', { token: jwtWith({}) }],
    ['a userid that widens the inbox filter', { userid: '+', token: jwtWith({}) }],
    ['a userid with a level separator', { userid: `${UID}/..`, token: jwtWith({}) }],
    ['a userid that is a wildcard', { userid: '#', token: jwtWith({}) }],
    ['no token', { userid: UID }],
    ['a token that is no JWT', { userid: UID, token: 'not a jwt' }],
    ['a token of two parts', { userid: UID, token: 'a.b' }],
    ['a token far too long', { userid: UID, token: `a.${'b'.repeat(20_000)}.c` }],
    ['not an object', 'OK'],
    ['null', null],
  ])('null for %s', (_, value) => {
    expect(normalizeChat21Token(value)).toBeNull();
  });

  it('takes a numeric userid as its text', () => {
    expect(normalizeChat21Token({ userid: 42, token: jwtWith({}) })?.userid).toBe('42');
  });
});

/** The same reply as the widget reads it. */
const asRead = {
  _id: '6b0ab9a6ca5afc4116c45c14',
  sender: '5f00000000000000000000aa',
  senderFullname: 'Ada Admin',
  recipient: RID,
  type: 'text',
  text: 'agent reply',
  attributes: { channel: 'chat21', request_channel: 'chat21' },
  createdAt: new Date(1795864998655).toISOString(),
};

describe('normalizePush: messages', () => {
  it('maps a pushed message to the record a poll reads, under its REST _id', () => {
    expect(normalizePush(TOPIC, bytes(pushed), UID)).toEqual({ kind: 'message', requestId: RID, message: asRead });
  });

  it('drops what tiledesk-server adds for Chat21 (tiledesk_message_id, projectId), and attributes left empty', () => {
    const plain = { ...pushed, attributes: { tiledesk_message_id: 'm9', projectId: 'p1' } };
    const event = normalizePush(TOPIC, bytes(plain), UID);
    expect(event?.kind === 'message' && event.message).not.toHaveProperty('attributes');
  });

  it('comes out as the REST path makes the same record (its polled copy)', () => {
    const polled = normalizeMessage({ ...asRead, status: 150, id_project: 'p1', channel_type: 'group', updatedAt: '2026-11-28T00:00:00.000Z', __v: 0 });
    const event = normalizePush(TOPIC, bytes(pushed), UID);
    expect(event?.kind === 'message' && event.message).toEqual(polled);
  });

  it('the visitor’s own echo keeps its tempUID, so it meets its outbox item', () => {
    const echo = { ...pushed, sender: UID, attributes: { tiledesk_message_id: 'm2', tempUID: 't-123', clienttimestamp: 1795864998000 } };
    const event = normalizePush(TOPIC, bytes(echo), UID);
    expect(event).toMatchObject({ kind: 'message', message: { _id: 'm2', sender: UID, attributes: { tempUID: 't-123', clienttimestamp: 1795864998000 } } });
  });

  it('info messages pass as the REST path passes them: CHAT_CLOSED (info/support) with its label', () => {
    const closed = {
      text: 'Chat closed',
      type: 'text',
      sender: 'system',
      sender_fullname: 'System',
      recipient: RID,
      attributes: { tiledesk_message_id: 'm3', subtype: 'info/support', messagelabel: { key: 'CHAT_CLOSED', parameters: {} } },
      timestamp: 1795864999000,
    };
    expect(normalizePush(TOPIC, bytes(closed), UID)).toMatchObject({
      kind: 'message',
      message: {
        _id: 'm3',
        sender: 'system',
        text: 'Chat closed',
        attributes: { subtype: 'info/support', messagelabel: { key: 'CHAT_CLOSED', parameters: {} } },
      },
    });
  });

  it('an info message with no text is kept, as the REST path keeps it (subtype info)', () => {
    const joined = {
      text: '',
      sender: 'system',
      recipient: RID,
      attributes: { tiledesk_message_id: 'm4', subtype: 'info', messagelabel: { key: 'MEMBER_JOINED_GROUP' } },
    };
    expect(normalizePush(TOPIC, bytes(joined), UID)).toMatchObject({ kind: 'message', message: { _id: 'm4', attributes: { subtype: 'info' } } });
  });

  it('a message Chat21 wrote itself (no tiledesk_message_id: "Group created") is `unkeyed`: only a REST fetch shows it', () => {
    const created = { text: 'Group created', sender: 'system', recipient: RID, attributes: { subtype: 'info' }, timestamp: 1 };
    expect(normalizePush(TOPIC, bytes(created), UID)).toEqual({ kind: 'unkeyed', requestId: RID });
    expect(normalizePush(TOPIC, bytes({ text: 'x', recipient: RID }), UID)).toEqual({ kind: 'unkeyed', requestId: RID });
  });

  it('a message without a recipient belongs to the topic’s conversation; one naming another conversation is dropped', () => {
    const { recipient: _, ...noRecipient } = pushed;
    expect(normalizePush(TOPIC, bytes(noRecipient), UID)).toMatchObject({ kind: 'message', message: { recipient: RID } });
    expect(normalizePush(TOPIC, bytes({ ...pushed, recipient: 'support-group-p1-other' }), UID)).toBeNull();
  });

  it('a message with nothing to show is dropped, as the REST path drops it', () => {
    expect(normalizePush(TOPIC, bytes({ ...pushed, text: '   ' }), UID)).toBeNull();
  });

  it('a missing or broken timestamp takes the time of arrival', () => {
    const event = normalizePush(TOPIC, bytes({ ...pushed, timestamp: 'yesterday' }), UID, Date.UTC(2026, 0, 2));
    expect(event?.kind === 'message' && event.message.createdAt).toBe('2026-01-02T00:00:00.000Z');
  });

  it('takes the payload as text too (a relay between tabs)', () => {
    expect(normalizePush(TOPIC, JSON.stringify(pushed), UID)).toMatchObject({ kind: 'message' });
  });
});

describe('normalizePush: closing and noise', () => {
  it('an archived conversation is `closed`, whatever its payload', () => {
    expect(normalizePush(archivedTopic(UID, RID), bytes({ status: 1000 }), UID)).toEqual({ kind: 'closed', requestId: RID });
    expect(normalizePush(archivedTopic(UID, RID), new Uint8Array([0xff]), UID)).toEqual({ kind: 'closed', requestId: RID });
  });

  it.each([
    ['another user’s inbox', messageTopic('other', RID), bytes(pushed)],
    ['a receipt', `apps/tilechat/users/${UID}/messages/${RID}/m1/clientupdated`, bytes({ status: 300 })],
    ['a payload that is no JSON', TOPIC, new TextEncoder().encode('{"text":')],
    ['a payload that is not UTF-8', TOPIC, new Uint8Array([0xc3, 0x28])],
    ['an array', TOPIC, bytes([pushed])],
    ['a topic that is no string', 42, bytes(pushed)],
  ])('null for %s', (_, topic, payload) => {
    expect(normalizePush(topic, payload, UID)).toBeNull();
  });

  it('never throws, whatever the topic and payload (property)', () => {
    const topics = fc.oneof(
      fc.constant(TOPIC),
      fc.constant(archivedTopic(UID, RID)),
      fc.string(),
      fc.anything(),
      fc.array(fc.constantFrom('apps', 'tilechat', 'users', UID, 'messages', RID, 'clientadded', '', '#')).map((parts) => parts.join('/')),
    );
    const payloads = fc.oneof(
      fc.uint8Array(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .record({ text: fc.anything(), sender: fc.anything(), recipient: fc.constantFrom(RID, undefined), attributes: fc.anything(), timestamp: fc.anything() })
        .map((value) => bytes(value)),
      fc
        .record({ tiledesk_message_id: fc.oneof(fc.string(), fc.integer()), subtype: fc.anything(), messagelabel: fc.anything(), commands: fc.anything() })
        .map((attributes) => bytes({ ...pushed, attributes })),
    );
    fc.assert(
      fc.property(topics, payloads, (topic, payload) => {
        const event = normalizePush(topic, payload, UID);
        if (event?.kind === 'message') {
          expect(event.message._id).not.toBe('');
          expect(Number.isNaN(Date.parse(event.message.createdAt))).toBe(false);
          expect(event.message.recipient).toBe(event.requestId);
        }
      }),
    );
  });
});
