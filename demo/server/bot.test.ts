import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WireMessage } from '../../src/api/wire.ts';
import { HELP_TEXT, SPLIT_COMMANDS } from './bot.ts';
import { PRICE_LIST } from './demoFiles.ts';
import { DEMO_BOT_ID, DEPARTMENT_IDS } from './seed.ts';
import { eventually, type Kit, newRequestId, PID, putDemo, send, startKit, history as readHistory } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

const history = (token: string, rid: string) => readHistory(kit, token, rid);
const botReplies = (messages: WireMessage[]) => messages.filter((m) => m.sender === `bot_${DEMO_BOT_ID}`);

/** Waits for `count` bot replies. */
function repliesOf(token: string, rid: string, count = 1): Promise<WireMessage[]> {
  return eventually(async () => {
    const replies = botReplies(await history(token, rid));
    return replies.length >= count ? replies : undefined;
  });
}

async function settle(): Promise<void> {
  await new Promise((r) => setTimeout(r, 120));
}

describe('demo bot', () => {
  it('stays silent on a plain first message when the welcome is off (quiet)', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'hello' });
    await settle();
    expect(botReplies(await history(guest.token, rid))).toEqual([]);
  });

  it('welcomes a new conversation when botWelcome is on', async () => {
    await putDemo(kit, 'project', { botWelcome: true });
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'hello' });
    const [welcome] = await repliesOf(guest.token, rid);
    expect(welcome).toMatchObject({ senderFullname: 'Porch Bot', text: expect.stringMatching(/^Thanks! An agent will reply shortly/) });
  });

  it('answers /help, /image, /buttons, /disable and /markdown in any conversation', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: '/help' });
    expect((await repliesOf(guest.token, rid, 1))[0]?.text).toBe(HELP_TEXT);

    await send(kit, guest.token, rid, { text: '/image' });
    const image = (await repliesOf(guest.token, rid, 2))[1];
    expect(image).toMatchObject({ type: 'image', metadata: { src: `${kit.demo.apiOrigin}/demo-assets/sample.png`, width: 320, height: 200 } });
    const picture = await fetch(image?.metadata?.src as string);
    expect(picture.headers.get('content-type')).toBe('image/png');

    await send(kit, guest.token, rid, { text: '/buttons' });
    const buttons = (await repliesOf(guest.token, rid, 3))[2];
    expect(buttons?.attributes?.attachment?.buttons?.map((b) => b.type)).toEqual(['text', 'url', 'action']);

    await send(kit, guest.token, rid, { text: '/disable' });
    const disable = (await repliesOf(guest.token, rid, 4))[3];
    expect(disable?.attributes).toMatchObject({ disableInputMessage: true, attachment: { buttons: [{ type: 'text', value: '/enable' }] } });
    await send(kit, guest.token, rid, { text: '/enable' });
    expect((await repliesOf(guest.token, rid, 5))[4]?.attributes?.disableInputMessage).toBeUndefined();

    await send(kit, guest.token, rid, { text: '/markdown' });
    expect((await repliesOf(guest.token, rid, 6))[5]?.text).toContain('**bold**');
  });

  it('answers every visitor message in a conversation routed to its department, in order', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'hi', departmentid: DEPARTMENT_IDS.support });
    await send(kit, guest.token, rid, { text: 'anyone?' });
    const replies = await repliesOf(guest.token, rid, 2);
    expect(replies.map((r) => r.text)).toEqual([expect.stringMatching(/Porch Bot/), expect.stringMatching(/Porch Bot/)]);
    const all = await history(guest.token, rid);
    expect(all.map((m) => m.createdAt)).toEqual([...all.map((m) => m.createdAt)].sort());
  });

  it('reacts to action buttons and ignores agents', async () => {
    const guest = await kit.guest();
    const agent = await kit.agent();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'Talk to a human', attributes: { action: 'handoff' } });
    expect((await repliesOf(guest.token, rid))[0]?.text).toBe('Connecting you to a person…');
    await send(kit, agent.token, rid, { text: '/help' });
    await settle();
    expect(botReplies(await history(guest.token, rid))).toHaveLength(1);
  });

  it('lists every command in /help', () => {
    for (const command of ['/image', '/gallery', '/file', '/split', '/buttons', '/action', '/disable', '/placeholder', '/markdown', '/info', '/help']) {
      expect(HELP_TEXT).toContain(`${command}:`);
    }
  });

  it('/info is an info message with a service key (CHAT_REOPENED)', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: '/info' });
    const [info] = await repliesOf(guest.token, rid);
    expect(info?.attributes).toEqual({ subtype: 'info', messagelabel: { key: 'CHAT_REOPENED', parameters: {} } });
  });

  it('/gallery: three cards with distinct demo pictures, a text and a url button each', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: '/gallery' });
    const [reply] = await repliesOf(guest.token, rid);
    const attachment = reply?.attributes?.attachment;
    expect(attachment?.type).toBe('gallery');
    const gallery = attachment?.gallery as Array<{ preview: { src: string }; title: string; description: string; buttons: unknown[] }>;
    expect(gallery).toHaveLength(3);
    for (const card of gallery) {
      expect(card).toMatchObject({ title: expect.any(String), description: expect.any(String) });
      expect(card.preview.src).toMatch(new RegExp(`^${kit.demo.apiOrigin}/demo-assets/lamp-[1-3]\\.png$`));
      expect(card.buttons).toEqual([
        { type: 'text', value: expect.any(String) },
        { type: 'url', value: expect.any(String), link: expect.stringMatching(/^https:\/\/example\.com\//), target: 'blank' },
      ]);
    }
    const pictures = await Promise.all(
      gallery.map(async (card) => {
        const res = await fetch(card.preview.src);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        return Buffer.from(await res.arrayBuffer());
      }),
    );
    for (const png of pictures) expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(new Set(pictures.map((p) => p.toString('base64'))).size).toBe(3);
    expect(new Set(gallery.map((c) => c.preview.src)).size).toBe(3);
  });

  it('/file: a type "file" message whose src serves the seeded PDF', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: '/file' });
    const [reply] = await repliesOf(guest.token, rid);
    const src = `${kit.demo.apiOrigin}/v3/files?path=${encodeURIComponent(PRICE_LIST.path)}`;
    expect(reply).toMatchObject({
      type: 'file',
      text: 'Price list',
      metadata: { src, name: 'price-list.pdf', type: 'application/pdf', size: expect.any(Number) },
    });
    const res = await fetch(src);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.length).toBe(reply?.metadata?.size);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // A valid cross-reference table: every offset points at its object, startxref at the table.
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    const download = await fetch(`${kit.demo.apiOrigin}/v3/files/download?path=${encodeURIComponent(PRICE_LIST.path)}`);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="price-list.pdf"');
  });

  it('/split: one message with the commands script, its first part as text', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: '/split' });
    const [reply] = await repliesOf(guest.token, rid);
    expect(reply?.text).toBe('First part');
    expect(reply?.attributes?.commands).toEqual([
      { type: 'message', message: { text: 'First part', type: 'text' } },
      { type: 'wait', time: 800 },
      { type: 'message', message: { text: 'Second part, after a pause', type: 'text' } },
      { type: 'wait', time: 800 },
      {
        type: 'message',
        message: { text: 'Done!', type: 'text', attributes: { attachment: { type: 'template', buttons: [{ type: 'text', value: 'Thanks' }] } } },
      },
    ]);
    expect(reply?.attributes?.commands).toEqual(SPLIT_COMMANDS);
  });

  it('/action: action buttons; handoff and show answers, also for a hidden echo (subtype info)', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: '/action' });
    const [menu] = await repliesOf(guest.token, rid);
    expect(menu?.attributes?.attachment).toEqual({
      type: 'template',
      buttons: [
        { type: 'action', value: 'Talk to a human', action: 'handoff' },
        { type: 'action', value: 'Show me (echo)', action: 'show', show_echo: true },
      ],
    });
    // What the widget sends for each button: no show_echo → the echo is an info message.
    await send(kit, guest.token, rid, { text: 'Talk to a human', attributes: { action: 'handoff', subtype: 'info' } });
    expect((await repliesOf(guest.token, rid, 2))[1]?.text).toBe('Connecting you to a person…');
    await send(kit, guest.token, rid, { text: 'Show me (echo)', attributes: { action: 'show' } });
    expect((await repliesOf(guest.token, rid, 3))[2]?.text).toBe('Here you go.');
  });

  it('keeps /placeholder, and /enable after /disable', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: '/placeholder' });
    expect((await repliesOf(guest.token, rid))[0]?.attributes).toEqual({ inputMessagePlaceholder: 'e.g. PL-1234' });
  });

  it('ignores the service info messages (joined, closed) and does not answer a closed conversation', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'hello' });
    await kit.call(`/${PID}/requests/${rid}/closeg`, { method: 'PUT', token: guest.token });
    await send(kit, guest.token, rid, { text: '/help' });
    await settle();
    expect(botReplies(await history(guest.token, rid))).toEqual([]);
  });

  it('drops a reply still pending when the conversation closes', async () => {
    const slow = await startKit({ botDelayMs: [150, 150] });
    try {
      const res = await slow.call('/auth/signinAnonymously', { method: 'POST', json: { id_project: PID } });
      const { token } = (await res.json()) as { token: string };
      const rid = newRequestId();
      await send(slow, token, rid, { text: '/help' });
      await slow.call(`/${PID}/requests/${rid}/closeg`, { method: 'PUT', token });
      await new Promise((r) => setTimeout(r, 300));
      const messages = (await (await slow.call(`/${PID}/requests/${rid}/messages`, { token })).json()) as WireMessage[];
      expect(messages.at(-1)?.attributes?.messagelabel?.key).toBe('CHAT_CLOSED');
      expect(botReplies(messages)).toEqual([]);
    } finally {
      await slow.demo.close();
    }
  });
});
