// A UI of its own on the headless client (issue 12 §1-§2): no Preact, no shadow root. Only the
// package's public surface: read-only signals (`client.conversation.messages`), commands, events,
// and the package's own `effect` (a consumer's copy of the signals library would not track them).
import { createChatClient, effect, type ChatClient, type ChatMessage, type ReadonlySignal } from 'porchlight/client';
import { settings } from './config.ts';

const client: ChatClient = createChatClient({ settings });
const list = document.getElementById('messages')!;
const input = document.getElementById('text') as HTMLInputElement;

const messages: ReadonlySignal<readonly ChatMessage[]> = client.conversation.messages;
const stopRendering = effect(() => {
  list.replaceChildren(
    ...messages.value
      .filter((message) => message.kind === 'message')
      .map((message) => {
        const item = document.createElement('li');
        item.textContent = message.text;
        item.dataset.state = message.state; // sending | sent | failed
        return item;
      }),
  );
});
const stopListening = client.on('message:received', (message: ChatMessage) => document.body.setAttribute('data-last-received', message.text));
document.getElementById('composer')!.addEventListener('submit', (event) => {
  event.preventDefault();
  void client.send(input.value);
  input.value = '';
});
window.addEventListener('pagehide', () => {
  stopRendering();
  stopListening();
  client.dispose();
});

/** Checked by `tsc` only, never called: the state is read-only and the events are typed. */
export function typeChecks(): void {
  // @ts-expect-error a UI never writes the chat's state
  client.conversation.messages.value = [];
  // @ts-expect-error not an event of the client
  client.on('message', () => {});
}
