// The demo agent console: sign in as an agent, follow the project's conversations by polling
// the real v3 API, answer, close, and send the rich message kinds the widget renders.
// Every piece of data goes into the page through textContent / attributes, never innerHTML.
// `?project=<id>` shows another project (one created with POST /__demo/projects); default: the seed.
// Type-checked (`checkJs`) against the widget's own wire types.

/** @typedef {import('../../src/api/wire.ts').SignInResponse} SignInResponse */
/** @typedef {import('../../src/api/wire.ts').SignInUser} SignInUser */
/** @typedef {import('../../src/api/wire.ts').WireRequest} WireRequest */
/** @typedef {import('../../src/api/wire.ts').WireMessage} WireMessage */
/** @typedef {import('../../src/api/wire.ts').RequestListResponse} RequestListResponse */
/** @typedef {import('../../src/api/wire.ts').SendMessageBody} SendMessageBody */
/** @typedef {import('../../src/api/wire.ts').AttachmentButton} AttachmentButton */

/**
 * The element with this id, of this class (a missing or different element is a bug of the page).
 * @template {typeof HTMLElement} C
 * @param {string} id
 * @param {C} [type]
 * @returns {InstanceType<C>}
 */
function $(id, type) {
  const node = document.getElementById(id);
  if (!(node instanceof (type ?? HTMLElement))) throw new Error(`#${id} is missing`);
  return /** @type {InstanceType<C>} */ (node);
}
/** @param {string} id */
const input = (id) => $(id, HTMLInputElement);
/** @param {string} id */
const button = (id) => $(id, HTMLButtonElement);

/** @param {string} name */
function meta(name) {
  const node = document.querySelector(`meta[name="${name}"]`);
  if (!(node instanceof HTMLMetaElement)) throw new Error(`meta ${name} is missing`);
  return node;
}

const PROJECT_ID = new URLSearchParams(location.search).get('project') || meta('porchlight-project').content;
const PRICE_LIST = meta('porchlight-price-list');
const API = meta('porchlight-api').content;
const LIST_EVERY_MS = 2000;
const THREAD_EVERY_MS = 1500;
/** @typedef {typeof import('../../src/api/wire.ts').RequestStatus} RequestStatus */
/** @typedef {import('../../demo/server/demoAdmin.ts').DemoProjectView} DemoProjectView */
/** One name per request status of the wire (a status added there must be named here: tsc says so). */
/** @type {Record<RequestStatus[keyof RequestStatus], string>} */
const STATUS_NAMES = { 50: 'temp', 100: 'unassigned', 150: 'abandoned', 200: 'assigned', 300: 'served', 1000: 'closed' };
/** @param {number} status */
const statusName = (status) => /** @type {Record<number, string | undefined>} */ (STATUS_NAMES)[status] ?? String(status);

/**
 * JSON read as `unknown`, so every use says which wire type it expects.
 * @param {string} text
 * @returns {unknown}
 */
const parseJson = (text) => JSON.parse(text);

const state = {
  /** @type {string | null} */
  token: sessionStorage.getItem('porchlight.console.token'),
  user: /** @type {SignInUser | null} */ (parseJson(sessionStorage.getItem('porchlight.console.user') || 'null')),
  /** @type {WireRequest[]} */
  requests: [],
  /** @type {string | null} */
  current: null,
  messageCount: -1,
  /**
   * Who the visitor said they are on their newest message that said so (the widget names them
   * again after a change: a setUser, a sign-in); the conversation keeps its first message's only.
   * @type {Record<string, unknown> | null}
   */
  identity: null,
  /** @type {ReturnType<typeof setInterval>[]} */
  timers: [],
};

class ApiError extends Error {
  /**
   * @param {number} status
   * @param {unknown} body
   */
  constructor(status, body) {
    const record = /** @type {{ msg?: string, error?: string }} */ (typeof body === 'object' && body ? body : {});
    super(typeof body === 'object' && body ? record.msg || record.error || JSON.stringify(body) : typeof body === 'string' && body ? body : String(status));
    this.status = status;
  }
}

// credentials: 'omit' — the API answers 401 with `WWW-Authenticate: Basic`, which would pop a
// browser login dialog on this same-origin page otherwise.
/**
 * @param {string} path
 * @param {{ method?: string, body?: unknown, auth?: boolean }} [options]
 * @returns {Promise<unknown>} the parsed JSON answer
 */
async function api(path, { method = 'GET', body, auth = true } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth && state.token) headers.Authorization = state.token;
  const res = await fetch(`${API}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'omit' });
  const text = await res.text();
  /** @type {unknown} */
  let data = text;
  try {
    data = text ? parseJson(text) : null;
  } catch {
    // plain-text answers (401 "Unauthorized") stay strings
  }
  if (res.status === 401 && auth) signOut();
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

/** @param {unknown} err */
const messageOf = (err) => (err instanceof Error ? err.message : String(err));

/**
 * An element with text, attributes or DOM properties (never HTML), and children.
 * @param {string} tag
 * @param {Record<string, string | number | undefined>} [props]
 * @param {...(Node | null)} children
 */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    if (key === 'text') node.textContent = String(value);
    else if (key === 'className') node.className = String(value);
    else if (key.startsWith('data-') || key.startsWith('aria-') || key === 'role' || key === 'tabindex') node.setAttribute(key, String(value));
    else Reflect.set(node, key, value);
  }
  node.append(...children.filter((child) => child !== null));
  return node;
}

// ------------------------------------------------------------------ sign in / out

/** @param {SubmitEvent} event */
async function signIn(event) {
  event.preventDefault();
  $('signin-error').textContent = '';
  button('signin').disabled = true;
  try {
    /** @type {import('../../src/api/wire.ts').SignInBody} */
    const body = { email: input('email').value, password: input('password').value };
    const answer = /** @type {SignInResponse} */ (await api('/auth/signin', { method: 'POST', auth: false, body }));
    state.token = answer.token;
    state.user = answer.user;
    sessionStorage.setItem('porchlight.console.token', answer.token);
    sessionStorage.setItem('porchlight.console.user', JSON.stringify(answer.user));
    enterWorkspace(answer.user);
  } catch (err) {
    $('signin-error').textContent = err instanceof ApiError && err.status === 401 ? 'Wrong email or password.' : `Sign-in failed: ${messageOf(err)}`;
  } finally {
    button('signin').disabled = false;
  }
}

function signOut() {
  stopTyping();
  typing.socket?.close();
  state.timers.forEach(clearInterval);
  state.timers = [];
  state.token = null;
  state.user = null;
  state.current = null;
  sessionStorage.removeItem('porchlight.console.token');
  sessionStorage.removeItem('porchlight.console.user');
  $('workspace').hidden = true;
  $('me').hidden = true;
  $('signin-form').hidden = false;
}

/** @param {SignInUser} user */
function enterWorkspace(user) {
  $('signin-form').hidden = true;
  $('workspace').hidden = false;
  $('me').hidden = false;
  $('me-name').textContent = `${user.firstname || ''} ${user.lastname || ''}`.trim() || user.email || '';
  // Each of these reports its own failure on the page; nothing waits for them.
  void loadAvailability();
  void refreshList();
  state.timers.push(
    setInterval(() => void refreshList(), LIST_EVERY_MS),
    setInterval(() => void refreshThread(), THREAD_EVERY_MS),
  );
}

// ------------------------------------------------------------------ availability (demo control)

const demoProjectUrl = `/__demo/project?project=${encodeURIComponent(PROJECT_ID)}`;

async function loadAvailability() {
  const res = await fetch(demoProjectUrl, { credentials: 'omit' });
  if (!res.ok) {
    $('thread-error').textContent = `Unknown project ${PROJECT_ID}`;
    return;
  }
  const view = /** @type {DemoProjectView} */ (parseJson(await res.text()));
  $('project-name').textContent = view.project.name;
  const me = view.agents.find((a) => a._id === state.user?._id);
  input('available').checked = Boolean(me && me.user_available);
}

async function setAvailability() {
  await fetch(demoProjectUrl, {
    method: 'PUT',
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ agents: [{ id: state.user?._id, user_available: input('available').checked }] }),
  });
}

// ------------------------------------------------------------------ conversation list

/** @param {WireRequest} request */
function requesterName(request) {
  return (request.lead && request.lead.fullname) || (request.requester && request.requester.uuid_user) || 'Visitor';
}

/** @param {WireRequest} request */
function lastText(request) {
  const last = /** @type {WireMessage | undefined} */ (request.attributes && request.attributes.last_message);
  return (last && (last.text || `[${last.type}]`)) || request.first_text || '';
}

/** @param {WireRequest} request */
function conversationItem(request) {
  const current = state.current === request.request_id;
  const item = el(
    'li',
    {
      'data-testid': 'conversation',
      'data-request-id': request.request_id,
      'data-status': String(request.status),
      tabindex: '0',
      role: 'button',
      'aria-current': current ? 'true' : 'false',
    },
    el(
      'span',
      { className: 'who' },
      el('span', { text: requesterName(request) }),
      el('span', { className: `badge s${request.status}`, text: statusName(request.status) }),
    ),
    el('span', { className: 'preview', text: lastText(request) }),
  );
  item.addEventListener('click', () => openConversation(request.request_id));
  item.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openConversation(request.request_id);
    }
  });
  return item;
}

async function refreshList() {
  try {
    const answer = /** @type {RequestListResponse} */ (await api(`/${PROJECT_ID}/requests?status=all&limit=100`));
    state.requests = answer.requests;
    renderList();
  } catch (err) {
    $('thread-error').textContent = `Could not load conversations: ${messageOf(err)}`;
  }
}

function renderList() {
  const showClosed = input('show-closed').checked;
  const visible = state.requests.filter((r) => showClosed || r.status !== 1000);
  const focusedId = document.activeElement && document.activeElement.getAttribute('data-request-id');
  $('conversations').replaceChildren(...visible.map(conversationItem));
  $('list-empty').hidden = visible.length > 0;
  if (focusedId) {
    const again = $('conversations').querySelector(`[data-request-id="${CSS.escape(focusedId)}"]`);
    if (again instanceof HTMLElement) again.focus();
  }
  if (state.current) renderThreadHead();
}

// ------------------------------------------------------------------ one conversation

function currentRequest() {
  return state.requests.find((r) => r.request_id === state.current);
}

/** @param {string} requestId */
function openConversation(requestId) {
  if (requestId !== state.current) stopTyping();
  state.current = requestId;
  state.messageCount = -1;
  state.identity = null;
  $('messages').replaceChildren();
  renderList();
  void refreshThread();
  $('reply').focus();
}

function renderThreadHead() {
  const request = currentRequest();
  const open = request !== undefined && request.status !== 1000;
  const department = typeof request?.department === 'object' ? request.department.name : undefined;
  $('thread-title').textContent = request ? requesterName(request) : 'Pick a conversation';
  $('thread-meta').textContent = request
    ? `#${request.ticket_id} · ${statusName(request.status)}${department ? ` · ${department}` : ''}${request.sourcePage ? ` · ${request.sourcePage}` : ''}`
    : '';
  renderIdentity(request);
  $('reply', HTMLTextAreaElement).disabled = !open;
  for (const id of ['send', 'close-conversation', 'send-image', 'send-gallery', 'send-file', 'send-split', 'send-buttons', 'send-disable', 'send-markdown'])
    button(id).disabled = !open;
}

/**
 * Who the visitor is, as the service knows them: the lead (name, email, attributes), the requester's
 * membership (a custom-token visitor is a `user` of the project with their site's id; an anonymous
 * one a `guest`) and the custom attributes the widget sends as `attributes.payload`.
 * @param {WireRequest} request
 * @returns {Array<[string, string]>}
 */
function visitorIdentity(request) {
  const lead = /** @type {{ fullname?: string, email?: string, attributes?: Record<string, unknown> } | undefined} */ (request.lead);
  const requester = /** @type {{ role?: string, uuid_user?: string, id_user?: unknown } | undefined} */ (request.requester);
  const newest = state.identity || {};
  const attributes = { ...request.attributes, ...newest };
  /** @type {Array<[string, string]>} */
  const rows = [];
  const named = (/** @type {unknown} */ value) => (typeof value === 'string' ? value : '');
  const name = named(newest.userFullname) || (lead && lead.fullname) || named(attributes.userFullname);
  const email = named(newest.userEmail) || (lead && lead.email) || named(attributes.userEmail);
  rows.push(['Name', name.trim() || '(none)']);
  rows.push(['Email', email || '(none)']);
  const role = requester && requester.role;
  const kind = !requester ? 'unknown' : role === 'guest' ? 'Guest (anonymous)' : requester.id_user ? `Team member (${role})` : 'Authenticated (custom token)';
  rows.push(['Visitor', kind]);
  if (requester && requester.uuid_user && role !== 'guest') rows.push(['Site user id', requester.uuid_user]);
  const payload = [attributes.payload, lead && lead.attributes && lead.attributes.payload].find((p) => p && typeof p === 'object' && !Array.isArray(p));
  for (const [key, value] of Object.entries(/** @type {Record<string, unknown>} */ (payload || {}))) {
    rows.push([key, typeof value === 'string' ? value : JSON.stringify(value)]);
  }
  return rows;
}

/** @param {WireRequest | undefined} request */
function renderIdentity(request) {
  const list = $('visitor-identity');
  list.hidden = !request;
  list.replaceChildren(
    ...(request ? visitorIdentity(request).flatMap(([term, value]) => [el('dt', { text: term }), el('dd', { text: value, 'data-field': term })]) : []),
  );
}

/** @param {WireMessage} message */
function isMine(message) {
  return state.user !== null && message.sender === state.user._id;
}

/**
 * A gallery card as the bot and this console send it (the widget's normaliser owns the full shape).
 * @typedef {{ preview?: { src?: unknown }, title?: string, description?: string, buttons?: AttachmentButton[] } | null | undefined} Card
 */
/** @typedef {{ type?: string, message?: { text?: string, type?: string } }} Command */

/** @param {WireMessage} message */
function messageItem(message) {
  const attributes = message.attributes || {};
  const isInfo = attributes.subtype === 'info' || attributes.subtype === 'info/support';
  const kind = isInfo ? 'info' : isMine(message) ? 'mine' : message.sender.startsWith('bot_') ? 'bot' : 'theirs';
  const item = el('li', { 'data-testid': 'message', 'data-message-id': message._id, className: kind });
  if (kind !== 'info') item.append(el('span', { className: 'sender', text: message.senderFullname || message.sender }));
  if (message.text) item.append(el('span', { className: 'text', text: message.text }));
  const metadata = message.metadata || {};
  const src = metadata.src;
  if (message.type === 'image' && typeof src === 'string' && /^https?:\/\//.test(src)) {
    item.append(el('img', { src, alt: metadata.name || 'Image', width: metadata.width || undefined, loading: 'lazy' }));
  } else if (message.type === 'file' && typeof src === 'string' && /^https?:\/\//.test(src)) {
    item.append(el('a', { href: src, target: '_blank', rel: 'noopener', text: metadata.name || 'Attachment' }));
  }
  const buttons = attributes.attachment && attributes.attachment.buttons;
  if (Array.isArray(buttons) && buttons.length) item.append(chips(buttons));
  const gallery = /** @type {Card[] | undefined} */ (attributes.attachment && attributes.attachment.gallery);
  if (Array.isArray(gallery) && gallery.length) {
    item.append(
      el(
        'span',
        { className: 'cards', 'aria-label': 'Gallery' },
        ...gallery.map((card) => {
          const src = card && card.preview && card.preview.src;
          return el(
            'span',
            { className: 'card-item' },
            typeof src === 'string' && /^https?:\/\//.test(src) ? el('img', { src, alt: '', loading: 'lazy' }) : null,
            el('strong', { text: (card && card.title) || '' }),
            el('span', { text: (card && card.description) || '' }),
            card && Array.isArray(card.buttons) && card.buttons.length ? chips(card.buttons) : null,
          );
        }),
      ),
    );
  }
  if (Array.isArray(attributes.commands)) {
    const commands = /** @type {Command[]} */ (attributes.commands);
    const parts = commands.flatMap((c) => (c && c.type === 'message' && c.message ? [c.message.text || `[${c.message.type || 'message'}]`] : []));
    item.append(el('span', { className: 'flag', text: `split message, ${parts.length} parts: ${parts.join(' / ')}` }));
  }
  if (attributes.disableInputMessage) item.append(el('span', { className: 'flag', text: 'disables the visitor input' }));
  return item;
}

async function refreshThread() {
  if (!state.current) return;
  const requestId = state.current;
  try {
    const messages = /** @type {WireMessage[]} */ (await api(`/${PROJECT_ID}/requests/${encodeURIComponent(requestId)}/messages`));
    if (state.current !== requestId || messages.length === state.messageCount) return;
    state.messageCount = messages.length;
    const named = [...messages].reverse().find((m) => m.attributes && ['userFullname', 'userEmail', 'payload'].some((k) => m.attributes && k in m.attributes));
    state.identity = named && named.attributes ? named.attributes : null;
    const request = currentRequest();
    if (request) renderIdentity(request);
    const list = $('messages');
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.replaceChildren(...messages.map(messageItem));
    if (atBottom || list.scrollTop === 0) list.scrollTop = list.scrollHeight;
    $('thread-error').textContent = '';
  } catch (err) {
    $('thread-error').textContent = `Could not load messages: ${messageOf(err)}`;
  }
}

/** @param {SendMessageBody} body */
async function post(body) {
  if (!state.current) return;
  $('thread-error').textContent = '';
  try {
    await api(`/${PROJECT_ID}/requests/${encodeURIComponent(state.current)}/messages`, { method: 'POST', body });
    await refreshThread();
  } catch (err) {
    $('thread-error').textContent = `Not sent: ${messageOf(err)}`;
  }
}

/** @param {SubmitEvent} event */
async function sendReply(event) {
  event.preventDefault();
  const reply = $('reply', HTMLTextAreaElement);
  const text = reply.value.trim();
  if (!text) return;
  reply.value = '';
  stopTyping();
  await post({ text });
  $('reply').focus();
}

async function closeConversation() {
  if (!state.current) return;
  try {
    await api(`/${PROJECT_ID}/requests/${encodeURIComponent(state.current)}/closeg`, { method: 'PUT' });
    await refreshList();
  } catch (err) {
    $('thread-error').textContent = `Could not close: ${messageOf(err)}`;
  }
}

/** @param {AttachmentButton[]} buttons */
function chips(buttons) {
  return el(
    'span',
    { className: 'chips', 'aria-label': 'Buttons' },
    ...buttons.map((b) => el('span', { className: 'chip', text: `${b.type}: ${b.value || b.link || ''}` })),
  );
}

const LAMPS = [
  { slug: 'brass-lantern', title: 'Brass Lantern', description: 'Warm amber light, weatherproof brass. 89 EUR' },
  { slug: 'garden-globe', title: 'Garden Globe', description: 'A soft green glow for paths and lawns. 59 EUR' },
  { slug: 'blue-hour-sconce', title: 'Blue Hour Sconce', description: 'Cool light for porches and doors. 74 EUR' },
];

// The rich kinds, as an agent (or a bot) would send them through the API.
/** @type {Record<string, () => SendMessageBody>} */
const RICH = {
  'send-image': () => ({
    type: 'image',
    text: 'Here is a picture',
    metadata: { src: `${location.origin}/demo-assets/sample.png`, width: 320, height: 200, name: 'sample.png', type: 'image/png' },
  }),
  'send-gallery': () => ({
    text: 'These might suit your porch:',
    attributes: {
      attachment: {
        type: 'gallery',
        gallery: LAMPS.map((lamp, i) => ({
          preview: { src: `${location.origin}/demo-assets/lamp-${i + 1}.png` },
          title: lamp.title,
          description: lamp.description,
          buttons: [
            { type: 'text', value: `I want the ${lamp.title}` },
            { type: 'url', value: 'See details', link: `https://example.com/lamps/${lamp.slug}`, target: 'blank' },
          ],
        })),
      },
    },
  }),
  'send-file': () => ({
    type: 'file',
    text: 'Price list',
    metadata: {
      src: `${location.origin}${API}/files?path=${encodeURIComponent(PRICE_LIST.content)}`,
      name: 'price-list.pdf',
      type: 'application/pdf',
      size: Number(PRICE_LIST.dataset.size),
    },
  }),
  'send-split': () => ({
    text: 'Let me check…',
    attributes: {
      commands: [
        { type: 'message', message: { text: 'Let me check…', type: 'text' } },
        { type: 'wait', time: 800 },
        { type: 'message', message: { text: 'Found it: your order ships tomorrow.', type: 'text' } },
        { type: 'wait', time: 800 },
        {
          type: 'message',
          message: { text: 'Anything else?', type: 'text', attributes: { attachment: { type: 'template', buttons: [{ type: 'text', value: 'No, thanks' }] } } },
        },
      ],
    },
  }),
  'send-buttons': () => ({
    text: 'How can I help?',
    attributes: {
      attachment: {
        type: 'template',
        buttons: [
          { type: 'text', value: 'Track my order' },
          { type: 'url', value: 'Read the FAQ', link: 'https://example.com/faq', target: 'blank' },
          { type: 'action', value: 'Call me back', action: 'callback', show_echo: true },
        ],
      },
    },
  }),
  'send-disable': () => ({
    text: 'Please wait while I check, your input is paused.',
    attributes: { disableInputMessage: true, attachment: { type: 'template', buttons: [{ type: 'text', value: '/enable' }] } },
  }),
  'send-markdown': () => ({ text: 'Here are the **steps**:\n1. Open _Settings_\n2. Press `Reset`\nMore at [example.com](https://example.com)' }),
};

// ------------------------------------------------------------------ typing

// While the agent types, the visitor sees a typing indicator: a `publish` on the conversation's
// typing topic over the websocket (docs/service.md §10), at most every 2 s while typing, and a stop
// when the reply empties, is sent, or the agent turns to another conversation. The widget lets a
// frame lapse after 5 s. The socket opens on the first keystroke; an application heartbeat keeps it.
const TYPING_EVERY_MS = 2000;
const typing = {
  /** @type {WebSocket | null} */
  socket: null,
  /** the conversation told "typing", until a stop */
  /** @type {string | null} */
  requestId: null,
  lastSent: 0,
  /** @type {ReturnType<typeof setInterval> | undefined} */
  heartbeat: undefined,
};

/** The open (or opening) socket, or a new one at the API root; null when signed out. */
function typingSocket() {
  if (typing.socket && typing.socket.readyState <= WebSocket.OPEN) return typing.socket;
  if (!state.token) return null;
  const socket = new WebSocket(`${API.replace(/^http/i, 'ws').replace(/\/+$/, '')}/?token=${encodeURIComponent(state.token)}`);
  typing.socket = socket;
  socket.addEventListener('open', () => {
    clearInterval(typing.heartbeat);
    typing.heartbeat = setInterval(() => socket.send(JSON.stringify({ action: 'heartbeat', payload: { message: { text: 'ping' } } })), 20_000);
  });
  socket.addEventListener('close', () => {
    if (typing.socket !== socket) return;
    typing.socket = null;
    clearInterval(typing.heartbeat);
  });
  return socket;
}

/**
 * @param {string} requestId
 * @param {boolean} on
 */
function publishTyping(requestId, on) {
  const socket = typingSocket();
  if (!socket) return;
  const user = state.user;
  const senderFullname = `${user?.firstname || ''} ${user?.lastname || ''}`.trim() || user?.email || 'Agent';
  const message = { typing: on, senderFullname, sender: user?._id };
  const frame = JSON.stringify({ action: 'publish', payload: { topic: `/${PROJECT_ID}/requests/${requestId}/typing`, message } });
  if (socket.readyState === WebSocket.OPEN) socket.send(frame);
  else socket.addEventListener('open', () => socket.send(frame), { once: true });
}

function onReplyInput() {
  if (!state.current) return;
  if (!$('reply', HTMLTextAreaElement).value.trim()) return stopTyping();
  const now = Date.now();
  if (typing.requestId === state.current && now - typing.lastSent < TYPING_EVERY_MS) return;
  if (typing.requestId && typing.requestId !== state.current) stopTyping();
  typing.requestId = state.current;
  typing.lastSent = now;
  publishTyping(state.current, true);
}

function stopTyping() {
  if (!typing.requestId) return;
  publishTyping(typing.requestId, false);
  typing.requestId = null;
  typing.lastSent = 0;
}

// ------------------------------------------------------------------ wiring

$('signin-form').addEventListener('submit', (event) => void signIn(/** @type {SubmitEvent} */ (event)));
$('signout').addEventListener('click', signOut);
$('available').addEventListener('change', () => void setAvailability());
$('show-closed').addEventListener('change', renderList);
$('reply-form').addEventListener('submit', (event) => void sendReply(/** @type {SubmitEvent} */ (event)));
$('reply').addEventListener('input', onReplyInput);
$('reply').addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    $('reply-form', HTMLFormElement).requestSubmit();
  }
});
$('close-conversation').addEventListener('click', () => void closeConversation());
for (const [id, build] of Object.entries(RICH)) $(id).addEventListener('click', () => void post(build()));

if (state.token && state.user) enterWorkspace(state.user);
