// A chat UI of the site's own on the headless client (issue 12 §2): the proof that the client
// carries the whole chat (session, delivery, polling, tabs) and the widget is only one view of it.
// It uses only the client's public surface: read-only signals, commands and events. The page loads
// the npm build at run time; the types below are the same entry's, so `tsc` checks this file
// against the real API.

/** @typedef {typeof import('../../src/client/index.ts')} ClientModule */
/** @typedef {import('../../src/client/index.ts').ChatMessage} ChatMessage */

/** @param {string} id */
function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`custom-ui: #${id} is missing`);
  return element;
}

/** @param {ChatMessage} message */
function messageItem(message) {
  const item = document.createElement('li');
  item.dataset.state = message.state;
  if (!message.fromVisitor && message.senderName)
    item.append(Object.assign(document.createElement('span'), { className: 'who', textContent: message.senderName }));
  item.append(document.createTextNode(message.text));
  if (message.state === 'failed') item.append(Object.assign(document.createElement('span'), { className: 'note', textContent: ' (not sent)' }));
  return item;
}

/** @param {{ clientUrl: string; settings: Record<string, unknown> }} options */
export async function startCustomUi({ clientUrl, settings }) {
  const status = byId('status');
  const list = byId('messages');
  const form = /** @type {HTMLFormElement} */ (byId('composer'));
  const input = /** @type {HTMLInputElement} */ (byId('text'));
  /** @type {unknown} */
  const loaded = await import(/* @vite-ignore */ clientUrl);
  const { createChatClient, effect } = /** @type {ClientModule} */ (loaded);
  const client = createChatClient({ settings });
  // This page is the conversation, always in view: the client polls as for an open window.
  client.open();
  status.textContent = 'Ask us anything: the workshop answers here.';

  // `effect` of the package itself: its signals are the package's copy, which only it tracks.
  const stop = effect(() => {
    // Chat bubbles only: info lines (an agent joined, the chat closed) carry a label key, not a text.
    const messages = client.conversation.messages.value.filter((message) => message.kind === 'message');
    list.replaceChildren(...messages.map(messageItem));
  });
  // The project asks which department a conversation is for: its first message waits, sending,
  // until the visitor says (the client holds it in its outbox; `chooseDepartment` sends it).
  const departments = byId('departments');
  const stopDepartments = effect(() => {
    const asking = client.intake.stage.value === 'departments';
    departments.hidden = !asking;
    const choices = asking ? client.intake.choices.value : [];
    departments.replaceChildren(
      ...choices.map((department) => {
        const button = Object.assign(document.createElement('button'), { type: 'button', textContent: department.name });
        button.addEventListener('click', () => void client.chooseDepartment(department._id));
        return button;
      }),
    );
  });
  client.on('message:received', (message) => {
    status.textContent = `New answer${message.senderName ? ` from ${message.senderName}` : ''}.`;
  });
  client.on('error', (error) => {
    if (error.type === 'send') status.textContent = 'That message did not go through.';
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    // Never rejects: queued, retried, delivered once; a failure arrives as an `error` event.
    void client.send(text);
    input.value = '';
  });
  // Disabled in the page until now: also an Enter in the field submits nothing while the form's button is.
  form.querySelector('button')?.removeAttribute('disabled');
  window.addEventListener('pagehide', () => {
    stop();
    stopDepartments();
    client.dispose();
  });
}
