import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WireMessage } from '../../src/api/wire.ts';
import { HELP_TEXT } from './bot.ts';
import { DEMO_BOT_ID, DEPARTMENT_IDS } from './seed.ts';
import { eventually, type Kit, newRequestId, PID, putDemo, send, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

const history = async (token: string, rid: string) => (await (await kit.call(`/${PID}/requests/${rid}/messages`, { token })).json()) as WireMessage[];
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
    expect((await repliesOf(guest.token, rid))[0]?.text).toMatch(/handoff/);
    await send(kit, agent.token, rid, { text: '/help' });
    await settle();
    expect(botReplies(await history(guest.token, rid))).toHaveLength(1);
  });
});
