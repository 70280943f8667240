// A chat UI of the site's own on the headless client (issue 12 §2): the proof that the client
// carries the whole chat (session, delivery, polling, tabs) and the widget is only one view of it.
// It uses only the client's public surface: read-only signals, commands and events.

/**
 * @template T
 * @typedef {{ readonly value: T; subscribe(fn: (value: T) => void): () => void }} Readable
 */
/** @typedef {{ _id?: string; text: string; senderFullname?: string }} ChatMessage */
/**
 * @typedef {{
 *   messages: Readable<readonly ChatMessage[]>;
 *   send(text: string): unknown;
 *   on(event: 'message:received', listener: (message: ChatMessage) => void): () => void;
 *   dispose(): void;
 * }} ChatClient
 */
/** @typedef {{ createChatClient(options: { settings: Record<string, unknown> }): ChatClient }} ClientModule */

/** @param {string} id */
function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`custom-ui: #${id} is missing`);
  return element;
}

/** @param {ChatMessage} message */
function messageItem(message) {
  const item = document.createElement('li');
  if (message.senderFullname) item.append(Object.assign(document.createElement('span'), { className: 'who', textContent: message.senderFullname }));
  item.append(document.createTextNode(message.text));
  return item;
}

/** @param {{ clientUrl: string; settings: Record<string, unknown> }} options */
export async function startCustomUi({ clientUrl, settings }) {
  const status = byId('status');
  const list = byId('messages');
  const form = /** @type {HTMLFormElement} */ (byId('composer'));
  const input = /** @type {HTMLInputElement} */ (byId('text'));
  /** @type {unknown} */
  const loaded = await import(clientUrl);
  const client = /** @type {ClientModule} */ (loaded).createChatClient({ settings });
  status.textContent = 'Ask us anything: the workshop answers here.';

  client.messages.subscribe((messages) => list.replaceChildren(...messages.map(messageItem)));
  client.on('message:received', (message) => {
    status.textContent = `New answer${message.senderFullname ? ` from ${message.senderFullname}` : ''}.`;
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    client.send(text);
    input.value = '';
  });
  window.addEventListener('pagehide', () => client.dispose());
}
