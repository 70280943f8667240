// A UI of its own on the headless client (issue 12 §1-§2): no Preact, no shadow root.
import { createChatClient } from 'porchlight/client';
import { settings } from './config.ts';

const client = createChatClient({ settings });
const list = document.getElementById('messages')!;
const input = document.getElementById('text') as HTMLInputElement;

client.messages.subscribe((messages) => {
  list.replaceChildren(...messages.map((message) => Object.assign(document.createElement('li'), { textContent: message.text })));
});
client.on('message:received', (message) => document.body.setAttribute('data-last-received', message.text));
document.getElementById('composer')!.addEventListener('submit', (event) => {
  event.preventDefault();
  void client.send(input.value);
  input.value = '';
});
window.addEventListener('pagehide', () => client.dispose());
