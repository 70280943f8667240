// The shop's own "account" switch: a site that knows its visitor signs them in to the chat with a
// custom token made by its backend (here the demo service's `POST /__demo/tokens` stands in for
// that backend; demo/README.md shows the few lines of Node a real one needs).
// `Porchlight('signInWithCustomToken', jwt)` signs the visitor in (their conversation goes on);
// `Porchlight('logout')` forgets them on this device. A widget too old to know these commands
// answers with a `porchlight:error` of type `command` (never a console error), which this page
// turns into a note instead of pretending the visitor signed in.

/** @typedef {((...args: unknown[]) => unknown) & { q?: unknown[][] }} PorchlightFn */
const host = /** @type {Window & { Porchlight?: PorchlightFn }} */ (window);
const script = /** @type {HTMLScriptElement} */ (document.querySelector('script[data-api-origin]'));
const API_ORIGIN = script.dataset.apiOrigin || '';
const query = new URLSearchParams(location.search);
// The widget follows `?porchlight_projectid=`; the token must be for the same project.
const PROJECT_ID = query.get('porchlight_projectid') || query.get('tiledesk_projectid') || script.dataset.projectId || '';
const STORAGE_KEY = `porchlight-demo:signed-in:${PROJECT_ID}`;

// The snippet's queue stub, for when this script runs before the loader. Each call goes to
// whatever `window.Porchlight` is at that moment: the loader replaces the stub and drains its queue.
if (!host.Porchlight) {
  /** @type {PorchlightFn} */
  const stub = (...args) => {
    (stub.q = stub.q || []).push(args);
  };
  host.Porchlight = stub;
}
/** @param {...unknown} args */
const Porchlight = (...args) => host.Porchlight?.(...args);

const button = /** @type {HTMLButtonElement} */ (document.getElementById('account-switch'));
const status = /** @type {HTMLElement} */ (document.getElementById('account-status'));

/** @param {boolean} signedIn */
function show(signedIn) {
  button.textContent = signedIn ? 'Sign out' : 'Sign in as Jane';
  button.setAttribute('aria-pressed', String(signedIn));
  status.textContent = signedIn ? 'Signed in as Jane Doe (jane@example.com).' : 'Browsing as a guest.';
}

let signedIn = localStorage.getItem(STORAGE_KEY) === '1';
show(signedIn);

/** @param {boolean} value */
function remember(value) {
  signedIn = value;
  if (value) localStorage.setItem(STORAGE_KEY, '1');
  else localStorage.removeItem(STORAGE_KEY);
  show(value);
}

// The commands this page uses, when the widget does not know them yet.
window.addEventListener('porchlight:error', (event) => {
  const detail = /** @type {CustomEvent<{ type?: string, message?: string }>} */ (event).detail || {};
  if (detail.type !== 'command' || !/signInWithCustomToken|logout/.test(String(detail.message))) return;
  remember(false);
  status.textContent = 'This build of the widget cannot sign visitors in yet (custom tokens come with issue 11).';
});

async function signIn() {
  button.disabled = true;
  status.textContent = 'Signing in…';
  try {
    const res = await fetch(`${API_ORIGIN}/__demo/tokens?project=${encodeURIComponent(PROJECT_ID)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ _id: 'jane-doe', firstname: 'Jane', lastname: 'Doe', email: 'jane@example.com' }),
    });
    if (!res.ok) throw new Error(`the demo service answered ${res.status}`);
    /** @type {unknown} */
    const answer = await res.json();
    const { token } = /** @type {{ token: string }} */ (answer);
    remember(true);
    Porchlight('signInWithCustomToken', token);
  } catch (error) {
    status.textContent = `Could not sign in: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    button.disabled = false;
  }
}

button.addEventListener('click', () => {
  if (signedIn) {
    remember(false);
    Porchlight('logout');
  } else {
    void signIn();
  }
});

export {};
