import { describe, expect, it } from 'vitest';
import { createFakeFetch } from '../../test/fakeFetch.ts';
import { createHttp } from '../http.ts';
import { listMessages, postMessage } from '../messages.ts';
import { getIsOpen, getWidgets } from '../project.ts';
import { listMyRequests } from '../myRequests.ts';
import { signInAnonymously } from '../auth.ts';
import { getLabels } from '../labels.ts';
import { normalizeMessages } from './message.ts';

/** The rules of the boundary, by example; the properties beside this file cover the rest. */

const apiUrl = 'https://api.test/v3';
const rid = 'support-group-p-0123456789abcdef0123456789abcdef';
const answering = (body: unknown) => createHttp({ apiUrl, fetch: createFakeFetch(apiUrl, () => ({ body })).fetch });

describe('messages', () => {
  it('coerces fields, skips what cannot be shown or merged, and dates undated records by their neighbours', async () => {
    const http = answering([
      { _id: 'a', sender: 'agent', senderFullname: 7, recipient: rid, text: 'seven', createdAt: '2024-01-01T00:00:01.000Z', status: 'x', request: {} },
      { sender: 'agent', text: 'no id' },
      { _id: 'b', sender: null, text: null, createdAt: '2024-01-01T00:00:02.000Z' },
      { _id: 'c', type: 'carousel', text: 'shown as text' },
      { _id: 'd', type: 'carousel' },
      { _id: 'e', type: 'image', metadata: { src: 5, width: '40', height: {} }, createdAt: 1_704_067_205_000 },
      {
        _id: 6,
        text: ['x'],
        attributes: {
          tempUID: 1,
          subtype: 'info',
          messagelabel: { key: 'CHAT_CLOSED', parameters: { n: 1, o: {} } },
          attachment: { buttons: [{ type: 'text', value: 2 }, { value: 'no type' }, null] },
          custom: { kept: true },
        },
      },
      null,
      'text',
    ]);
    const list = await listMessages(http, 'JWT t', 'p', rid);
    expect(list.map((m) => m._id)).toEqual(['a', 'c', 'e', '6']);
    expect(list[0]).toEqual({
      _id: 'a',
      sender: 'agent',
      senderFullname: '7',
      recipient: rid,
      type: 'text',
      text: 'seven',
      createdAt: '2024-01-01T00:00:01.000Z',
    });
    expect(list[1]).toMatchObject({ type: 'text', text: 'shown as text', sender: '', createdAt: '2024-01-01T00:00:02.000Z' });
    expect(list[2]).toMatchObject({ type: 'image', text: '', metadata: { src: '5', width: 40 }, createdAt: '2024-01-01T00:00:05.000Z' });
    expect(list[2]!.metadata).not.toHaveProperty('height');
    expect(list[3]).toMatchObject({
      _id: '6',
      text: '',
      createdAt: '2024-01-01T00:00:05.000Z',
      attributes: {
        tempUID: '1',
        subtype: 'info',
        messagelabel: { key: 'CHAT_CLOSED', parameters: { n: '1' } },
        attachment: { buttons: [{ type: 'text', value: '2' }] },
        custom: { kept: true },
      },
    });
  });

  it('an undated first record takes the first date after it; a history that is no array is empty', () => {
    expect(
      normalizeMessages([
        { _id: 'a', text: 'x' },
        { _id: 'b', text: 'y', createdAt: '2024-05-05T00:00:00.000Z' },
      ]).map((m) => m.createdAt),
    ).toEqual(['2024-05-05T00:00:00.000Z', '2024-05-05T00:00:00.000Z']);
    expect(normalizeMessages({ messages: [] })).toEqual([]);
  });

  it('a POST answer becomes the stored message without its request, or null', async () => {
    expect(
      await postMessage(answering({ _id: 'm', sender: 's', recipient: rid, text: 'hi', createdAt: 'x', request: { _id: 'r' } }), 'JWT t', 'p', rid, {
        text: 'hi',
      }),
    ).toMatchObject({ _id: 'm', text: 'hi' });
    expect(await postMessage(answering('Created'), 'JWT t', 'p', rid, { text: 'hi' })).toBeNull();
  });

  it('a script nested in a script, however deep, neither recurses nor survives', () => {
    let attributes: Record<string, unknown> = { commands: [] };
    for (let i = 0; i < 100_000; i++) attributes = { commands: [{ type: 'message', message: { text: `${i}`, attributes } }] };
    const [m] = normalizeMessages([{ _id: 'a', text: '', attributes }]);
    expect(m!.attributes!.commands).toEqual([{ type: 'message', message: { text: '99999', type: 'text', attributes: {} } }]);
  });

  it('ignores a __proto__ key in a record', () => {
    const [m] = normalizeMessages(JSON.parse(`[{"_id":"a","text":"x","attributes":{"__proto__":{"polluted":true}}}]`));
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(m!.attributes)).toBe(Object.prototype);
  });
});

describe('other answers', () => {
  it('/widgets: a widget record always, departments with an id, availability unknown when not said', async () => {
    const w = await getWidgets(
      answering({
        project: { _id: 'p', name: 3, widget: 'x', operatingHours: { 1: [] } },
        departments: [{ name: 'no id' }, { _id: 'd', name: null, default: 'true' }],
      }),
      'p',
    );
    expect(w).toEqual({ project: { _id: 'p', name: '3', widget: {} }, departments: [{ _id: 'd', name: '', default: true }] });
    expect((await getWidgets(answering('<html>'), 'p')).project.widget).toEqual({});
    expect((await getWidgets(answering({ user_available: [{ id: 'u' }, 'x'] }), 'p')).user_available).toEqual([{ id: 'u' }]);
  });

  it('sign-in, labels and isopen', async () => {
    expect(await signInAnonymously(answering({ success: true, token: 'JWT x', user: { _id: 'g', fullName: 7 } }), { id_project: 'p' })).toEqual({
      success: true,
      token: 'JWT x',
      user: { _id: 'g', fullName: '7' },
    });
    expect(await signInAnonymously(answering({ success: true, token: 5, user: { _id: 'g' } }), { id_project: 'p' })).toBeNull();
    expect(await getLabels(answering({ lang: 'EN', data: { A: 'a', B: 2, C: ['x', 1, null], D: {} } }), 'p', 'en')).toEqual({
      lang: 'EN',
      data: { A: 'a', B: '2', C: ['x', '1'] },
    });
    expect(await getLabels(answering({ data: {} }), 'p', 'en')).toBeUndefined();
    expect(await getIsOpen(answering({ isopen: 'false' }), 'p')).toEqual({ isopen: false });
    expect(await getIsOpen(answering({}), 'p')).toBeNull();
  });

  it('GET /requests/me: asks for the page, keeps valid requests only', async () => {
    const { fetch, calls } = createFakeFetch(apiUrl, () => ({
      body: {
        perPage: 40,
        count: 'two',
        requests: [{ request_id: rid, status: 200, createdAt: '2024-01-01T00:00:00.000Z', department: { _id: 'd', name: 'Sales' } }, { request_id: rid }, null],
      },
    }));
    const page = await listMyRequests(createHttp({ apiUrl, fetch }), 'JWT t', 'p', { status: 'all', limit: 10 });
    expect(calls[0]).toMatchObject({ path: '/p/requests/me?status=all&limit=10', headers: { Authorization: 'JWT t' } });
    expect(page).toEqual({
      perPage: 40,
      count: 1,
      requests: [{ _id: rid, request_id: rid, status: 200, createdAt: '2024-01-01T00:00:00.000Z', department: { _id: 'd', name: 'Sales' } }],
    });
  });

  it("GET /requests/me: the request's last message is normalised like any message, or dropped", async () => {
    const at = '2024-01-02T00:00:00.000Z';
    const { fetch } = createFakeFetch(apiUrl, () => ({
      body: {
        requests: [
          {
            request_id: rid,
            status: 200,
            createdAt: at,
            attributes: { userFullname: 'Jo', last_message: { _id: 'm', text: 'hi', senderFullname: 7, sender: 'a' } },
          },
          { request_id: `${rid}x`, status: 1000, createdAt: at, attributes: { last_message: { text: 'no id' } } },
        ],
      },
    }));
    const { requests } = await listMyRequests(createHttp({ apiUrl, fetch }), 'JWT t', 'p');
    expect(requests[0]!.attributes).toEqual({
      userFullname: 'Jo',
      last_message: { _id: 'm', text: 'hi', senderFullname: '7', sender: 'a', recipient: '', type: 'text', createdAt: at },
    });
    expect(requests[1]!.attributes).toEqual({});
  });
});

describe('a hostile page', () => {
  it('an enumerable property added to Object.prototype does not break the boundary', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 'x';
    try {
      const [m] = normalizeMessages([{ _id: 'a', text: 'hi', attributes: { messagelabel: { key: 'K', parameters: { n: 'v' } } } }]);
      expect(m).toMatchObject({ _id: 'a', text: 'hi', attributes: { messagelabel: { parameters: { n: 'v' } } } });
    } finally {
      delete proto.polluted;
    }
  });
});

describe('waiting time', () => {
  it('is the average in ms, or null for [] and anything malformed', async () => {
    const { getWaitingTime } = await import('../analytics.ts');
    expect(await getWaitingTime(answering([{ waiting_time_avg: 95_000 }]), 'p')).toBe(95_000);
    expect(await getWaitingTime(answering([{ waiting_time_avg: '4000' }]), 'p')).toBe(4000);
    expect(await getWaitingTime(answering([]), 'p')).toBeNull();
    for (const body of [{}, 'x', [{ waiting_time_avg: -5 }], [{ waiting_time_avg: 'soon' }], [null], null])
      expect(await getWaitingTime(answering(body), 'p')).toBeNull();
  });
});
