import { describe, expect, it } from 'vitest';
import { chatClientsOnFakeService } from '../test/chatClientOnFakeService.ts';
import { until } from '../test/fakeFetch.ts';
import { createFakeService } from '../test/fakeService.ts';
import { createMemoryStore } from './platform/storage.ts';

const startClient = chatClientsOnFakeService();

const departments = [
  { _id: 'd0', name: 'Default', default: true, status: 1 },
  { _id: 'd1', name: 'Sales', status: 1 },
  { _id: 'd2', name: 'Support', status: 1 },
];

/** "Hello?" written before what `stage` asks is answered, then a reload: the client after it, the message held again and still waiting. */
async function reloadedWithHeld(service: ReturnType<typeof createFakeService>, stage: 'prechat' | 'departments') {
  const store = createMemoryStore();
  const before = startClient({}, store, service).client;
  await before.ready;
  await before.send('Hello?');
  expect(before.conversation.outbox.value).toHaveLength(1);
  before.dispose();

  const after = startClient({}, store, service).client;
  await after.ready;
  await until(() => expect(after.conversation.messages.value.map((m) => [m.text, m.state])).toEqual([['Hello?', 'sending']]));
  expect(after.intake.stage.value).toBe(stage);
  expect(service.posts()).toHaveLength(0);
  return after;
}

function serviceWithDepartments() {
  const service = createFakeService();
  service.setWidgets({ departments });
  return service;
}

/**
 * Issue 26 §1: the composer is ready on open while the departments are offered in the thread. A
 * first message written before the choice waits in the outbox, shown as sending, and goes once,
 * with the department chosen (docs/service.md §8: `departmentid` counts on the first message only).
 */
describe('a first message written before the department is chosen', () => {
  it('is held in the outbox, sending, and goes once with the department chosen', async () => {
    const { client, service } = startClient({}, createMemoryStore(), serviceWithDepartments());
    await client.ready;
    client.open();
    expect(client.intake.stage.value).toBe('departments');
    await client.send('Where is my order?');
    expect(service.posts()).toHaveLength(0);
    expect(client.conversation.messages.value.map((m) => [m.text, m.state])).toEqual([['Where is my order?', 'sending']]);
    // Still asked: the choice stays in the thread while the message waits.
    expect(client.intake.stage.value).toBe('departments');
    await client.send('It was due Monday.');
    expect(service.posts()).toHaveLength(0);

    client.chooseDepartment('d2');
    await until(() => expect(service.posts()).toHaveLength(2));
    const [first, second] = service.posts();
    expect(first!.body).toMatchObject({ text: 'Where is my order?', departmentid: 'd2', attributes: { departmentId: 'd2', departmentName: 'Support' } });
    expect(second!.body).toMatchObject({ text: 'It was due Monday.' });
    expect(second!.body).not.toHaveProperty('departmentid');
    await until(() => expect(client.conversation.outbox.value).toHaveLength(0));
    expect(client.intake.stage.value).toBe('chat');
    expect(service.posts()).toHaveLength(2);
  });

  it('is still held after a reload, and goes once the department is chosen then', async () => {
    const service = serviceWithDepartments();
    const after = await reloadedWithHeld(service, 'departments');
    after.chooseDepartment('d1');
    await until(() => expect(service.posts()).toHaveLength(1));
    expect(service.posts()[0]!.body).toMatchObject({ text: 'Hello?', departmentid: 'd1' });
    await until(() => expect(after.conversation.outbox.value).toHaveLength(0));
    expect(service.posts()).toHaveLength(1);
  });

  it('goes at once when nothing is asked (no departments to choose from)', async () => {
    const { client, service } = startClient();
    await client.ready;
    expect(client.intake.stage.value).toBe('chat');
    await client.send('Hi');
    expect(service.posts()).toHaveLength(1);
    expect(service.posts()[0]!.body).not.toHaveProperty('departmentid');
  });
});

/**
 * Issue 26 §4: with a pre-chat form, the visitor writes first; what they write waits in the outbox,
 * sending, while the form is asked as a card in the thread. The answers then go as they always did:
 * the sign-in carries the name and email, the first message the answers, each message once, in order.
 */
describe('messages written before the pre-chat form is answered', () => {
  const withPreChat = (service = createFakeService()) => {
    service.setWidgets({ project: { _id: service.projectId, name: 'Shop', widget: { preChatForm: true } } });
    return service;
  };
  const signIns = (service: ReturnType<typeof createFakeService>) => service.calls.filter((c) => c.path === '/auth/signinAnonymously');

  it('are held, sending, with no sign-in, then go once each, in order, with the answers', async () => {
    const { client, service } = startClient({}, createMemoryStore(), withPreChat());
    await client.ready;
    client.open();
    await until(() => expect(client.intake.stage.value).toBe('prechat'));
    await client.send('Where is my order?');
    await client.send('It was due Monday.');
    expect(client.conversation.messages.value.map((m) => [m.text, m.state])).toEqual([
      ['Where is my order?', 'sending'],
      ['It was due Monday.', 'sending'],
    ]);
    // Still asked: the form waits in the thread, and nobody signed in without the name it carries.
    expect(client.intake.stage.value).toBe('prechat');
    expect(signIns(service)).toHaveLength(0);
    expect(service.posts()).toHaveLength(0);

    client.submitPreChat({ userFullname: 'Ada Lovelace', userEmail: 'ada@example.com' });
    await until(() => expect(service.posts()).toHaveLength(2));
    expect(signIns(service)).toHaveLength(1);
    expect(signIns(service)[0]!.body).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' });
    const [first, second] = service.posts();
    expect(first!.body).toMatchObject({
      text: 'Where is my order?',
      attributes: { userFullname: 'Ada Lovelace', userEmail: 'ada@example.com', preChatForm: { userFullname: 'Ada Lovelace', userEmail: 'ada@example.com' } },
    });
    expect(second!.body).toMatchObject({ text: 'It was due Monday.' });
    await until(() => expect(client.conversation.outbox.value).toHaveLength(0));
    expect(client.intake.stage.value).toBe('chat');
    expect(service.posts()).toHaveLength(2);
  });

  it('are still held after a reload, the form still asked, and go once it is answered', async () => {
    const service = withPreChat();
    const after = await reloadedWithHeld(service, 'prechat');
    after.submitPreChat({ userFullname: 'Ada Lovelace', userEmail: 'ada@example.com' });
    await until(() => expect(service.posts()).toHaveLength(1));
    expect(service.posts()[0]!.body).toMatchObject({ text: 'Hello?', attributes: { userEmail: 'ada@example.com' } });
    await until(() => expect(after.conversation.outbox.value).toHaveLength(0));
    expect(service.posts()).toHaveLength(1);
  });

  it('then wait for the department, when the project asks for one too, and go once it is chosen', async () => {
    const service = withPreChat();
    service.setWidgets({ departments });
    const { client } = startClient({}, createMemoryStore(), service);
    await client.ready;
    client.open();
    await client.send('Where is my order?');
    client.submitPreChat({ userFullname: 'Ada Lovelace', userEmail: 'ada@example.com' });
    await until(() => expect(client.intake.stage.value).toBe('departments'));
    expect(service.posts()).toHaveLength(0);
    client.chooseDepartment('d1');
    await until(() => expect(service.posts()).toHaveLength(1));
    expect(service.posts()[0]!.body).toMatchObject({ text: 'Where is my order?', departmentid: 'd1', attributes: { userFullname: 'Ada Lovelace' } });
    await until(() => expect(client.conversation.outbox.value).toHaveLength(0));
    expect(service.posts()).toHaveLength(1);
  });
});
