// The demo dashboard: a settings form beside live previews of the widget (preview mode: no network
// calls, re-themed with `instance.update()` as the form changes). Save writes the settings to the
// demo service through `/__demo/project` and `/__demo/labels`.
// Type-checked (`checkJs`): `/widget/app.js` is the widget's own `src/app.ts`, and the previews get
// the wire types of `GET /widgets`.
import { AA_CONTRAST, contrastRatio, loadMount } from '/widget/app.js';

// The previews' code is a chunk of its own, loaded beside the visitor's widget.
const mount = await loadMount();

/** @typedef {import('../../src/api/wire.ts').WidgetsResponse} WidgetsResponse */
/** @typedef {import('../../src/api/wire.ts').LabelsResponse} LabelsResponse */
/** @typedef {import('../../demo/server/demoAdmin.ts').DemoProjectView} DemoProjectView */
/** @typedef {import('../../demo/server/faults.ts').FaultState} FaultState */

/**
 * A JSON answer read as `unknown`, so every use says which wire type it expects.
 * @param {Response} res
 * @returns {Promise<unknown>}
 */
const readJson = (res) => res.json();
/**
 * @param {string} text
 * @returns {unknown}
 */
const parseJson = (text) => JSON.parse(text);

/**
 * The element with this id, of this class (a missing or different element is a bug of the page).
 * @template {typeof HTMLElement} C
 * @param {string} id
 * @param {C} type
 * @returns {InstanceType<C>}
 */
function byId(id, type) {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`#${id} is missing`);
  return /** @type {InstanceType<C>} */ (node);
}

const form = byId('settings', HTMLFormElement);
const status = byId('status', HTMLOutputElement);
/**
 * A named control of the settings form.
 * @param {string} name
 * @returns {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement}
 */
function field(name) {
  const node = form.elements.namedItem(name);
  if (node instanceof HTMLInputElement || node instanceof HTMLSelectElement || node instanceof HTMLTextAreaElement) return node;
  throw new Error(`form field ${name} is missing`);
}
/** @param {string} name */
const checkbox = (name) => {
  const node = field(name);
  if (!(node instanceof HTMLInputElement)) throw new Error(`${name} is not a checkbox`);
  return node;
};

const WIDGET_KEYS = [
  'widgetTitle',
  'themeColor',
  'themeForegroundColor',
  'themeColorOpacity',
  'align',
  'launcherWidth',
  'marginX',
  'marginY',
  'baloonImage',
  'logoChat',
  'welcomeTitle',
  'welcomeMsg',
  'poweredBy',
  'preChatForm',
  'nativeRating',
  'calloutTimer',
  'calloutTitle',
  'calloutMsg',
];

function widgetSettings() {
  /** @type {Record<string, unknown>} */
  const widget = {};
  for (const key of WIDGET_KEYS) {
    const el = field(key);
    if (el instanceof HTMLInputElement && el.type === 'checkbox') widget[key] = el.checked;
    else if (el.type === 'number' || el.type === 'range') widget[key] = Number(el.value);
    else if (el.value !== '') widget[key] = el.value;
  }
  widget.launcherHeight = widget.launcherWidth;
  return widget;
}

function hours() {
  const range = [{ start: field('hoursStart').value, end: field('hoursEnd').value }];
  /** @type {Record<string, unknown>} */
  const week = { tzname: field('tzname').value || 'UTC' };
  for (const day of [1, 2, 3, 4, 5]) week[day] = range;
  return JSON.stringify(week);
}

/**
 * The `GET /widgets` answer the previews show.
 * @param {boolean} available
 * @returns {WidgetsResponse}
 */
function projectAnswer(available) {
  return {
    project: {
      _id: 'preview',
      name: field('widgetTitle').value || 'Porchlight Demo',
      widget: widgetSettings(),
      activeOperatingHours: checkbox('activeOperatingHours').checked,
      operatingHours: hours(),
    },
    user_available: available ? [{ id: 'agent' }] : [],
    departments: [],
  };
}

/**
 * The service's labels for the preview's language, as the live widget gets them (`GET /labels/{LANG}`),
 * so the preview's texts follow the same rules (which label names what, the English pivot not taken
 * for another language).
 * @type {LabelsResponse | null}
 */
let serviceLabels = null;

async function loadServiceLabels() {
  const { projectId } = /** @type {{ projectId: string }} */ (await readJson(await fetch('/__demo')));
  serviceLabels = await fetch(`/v3/${projectId}/labels/${lang().toUpperCase()}`)
    .then((res) => (res.ok ? /** @type {Promise<LabelsResponse>} */ (readJson(res)) : null))
    .catch(() => null);
  refresh();
}

/** The labels the previews show: the service's, with the placeholder being edited over them. */
function labels() {
  const placeholder = field('LABEL_PLACEHOLDER').value.trim();
  const data = { ...(serviceLabels?.data ?? {}), ...(placeholder ? { LABEL_PLACEHOLDER: placeholder } : {}) };
  return { lang: serviceLabels?.lang ?? lang().toUpperCase(), data };
}

/** Labels to save: only the placeholder the form edits. */
function editedLabels() {
  const placeholder = field('LABEL_PLACEHOLDER').value.trim();
  return placeholder ? { LABEL_PLACEHOLDER: placeholder } : {};
}

const lang = () => field('lang').value;
const previews = [
  { el: byId('preview', HTMLDivElement), available: () => checkbox('agentsAvailable').checked },
  { el: byId('preview-offline', HTMLDivElement), available: () => false },
].map((p) => ({ ...p, instance: mount(p.el, { preview: true, lang: lang(), project: projectAnswer(p.available()), labels: labels() }) }));

const contrastWarning = byId('contrast-warning', HTMLParagraphElement);
/** The widget replaces a text colour that fails WCAG AA on the theme colour: say so here. */
function warnContrast() {
  const chosen = field('themeForegroundColor').value;
  const ratio = chosen ? contrastRatio(field('themeColor').value, chosen) : null;
  contrastWarning.hidden = ratio === null || ratio >= AA_CONTRAST;
  contrastWarning.textContent = contrastWarning.hidden
    ? ''
    : `This text colour has a contrast of ${ratio?.toFixed(2)}:1 on the theme colour (WCAG AA needs ${AA_CONTRAST}:1): the widget uses a readable one instead.`;
}

function refresh() {
  warnContrast();
  for (const p of previews) p.instance.update({ lang: lang(), project: projectAnswer(p.available()), labels: labels() });
}
form.addEventListener('input', refresh);
form.addEventListener('change', refresh);
field('lang').addEventListener('change', () => void loadServiceLabels());

async function load() {
  const res = await fetch('/__demo/project');
  if (!res.ok) return;
  const { project, agents } = /** @type {DemoProjectView} */ (await readJson(res));
  const widget = project.widget ?? {};
  for (const key of WIDGET_KEYS) {
    const el = field(key);
    if (!(key in widget)) continue;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = !!widget[key];
    else el.value = String(widget[key]).replace(/px$/, '');
  }
  checkbox('activeOperatingHours').checked = !!project.activeOperatingHours;
  try {
    const week = /** @type {{ tzname?: string, [day: string]: unknown }} */ (parseJson(project.operatingHours || '{}'));
    if (week.tzname) field('tzname').value = week.tzname;
    const monday = /** @type {Array<{ start: string, end: string }> | undefined} */ (week['1'])?.[0];
    if (monday) {
      field('hoursStart').value = monday.start;
      field('hoursEnd').value = monday.end;
    }
  } catch {
    /* keep the form's defaults */
  }
  checkbox('agentsAvailable').checked = agents.some((a) => a.user_available);
  refresh();
}

async function save() {
  status.textContent = 'Saving…';
  const { agents } = /** @type {DemoProjectView} */ (await readJson(await fetch('/__demo/project')));
  const body = {
    widget: widgetSettings(),
    activeOperatingHours: checkbox('activeOperatingHours').checked,
    operatingHours: hours(),
    agents: agents.map((a) => ({ id: a._id, user_available: checkbox('agentsAvailable').checked })),
  };
  const saved = await fetch('/__demo/project', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = editedLabels();
  let labelsSaved = { ok: true };
  if (text.LABEL_PLACEHOLDER) {
    const { projectId } = /** @type {{ projectId: string }} */ (await readJson(await fetch('/__demo')));
    const current = /** @type {LabelsResponse | null} */ (await readJson(await fetch(`/v3/${projectId}/labels/${lang().toUpperCase()}`)).catch(() => null));
    const data = current && current.lang === lang().toUpperCase() ? { ...current.data, ...text } : text;
    labelsSaved = await fetch('/__demo/labels', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lang: lang().toUpperCase(), data }),
    });
  }
  status.textContent = saved.ok && labelsSaved.ok ? 'Saved. Reload the host page to see it.' : 'Could not save: ' + (await saved.text());
}
form.addEventListener('submit', (event) => {
  event.preventDefault();
  save().catch((error) => {
    status.textContent = `Could not save: ${error instanceof Error ? error.message : 'the demo service did not answer'}`;
  });
});

void load();
void loadServiceLabels();

// Fault switches of the demo service (POST /__demo/faults): try the widget offline-ish, rate
// limited, with dropped connections or a refused websocket, from the browser.
const faultState = byId('fault-state', HTMLOutputElement);
/** @param {Record<string, unknown>} patch */
async function setFaults(patch) {
  const res = await fetch('/__demo/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(patch) });
  const state = /** @type {FaultState} */ (await readJson(res));
  const active = Object.entries(state).filter(([, value]) => value && value !== 0);
  faultState.textContent = active.length ? `Active: ${active.map(([key, value]) => `${key} ${JSON.stringify(value)}`).join('; ')}` : 'No fault active.';
}
byId('faults', HTMLFieldSetElement).addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-fault]') : null;
  if (button instanceof HTMLButtonElement) void setFaults(/** @type {Record<string, unknown>} */ (parseJson(button.dataset.fault ?? '{}')));
});
field('latencyMs').addEventListener('change', () => void setFaults({ latencyMs: Number(field('latencyMs').value) || 0 }));
// The fault controls are not widget settings: keep them out of the preview refresh.
void setFaults({});

// Reference mode (PUT /__demo/mode): the demo answers like a stock reference deployment.
const referenceMode = checkbox('referenceMode');
/** @param {boolean | undefined} reference  undefined: only read the current mode */
async function setReferenceMode(reference) {
  const res = await fetch('/__demo/mode', {
    method: reference === undefined ? 'GET' : 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: reference === undefined ? undefined : JSON.stringify({ reference }),
  });
  if (res.ok) referenceMode.checked = /** @type {{ reference: boolean }} */ (await readJson(res)).reference;
}
referenceMode.addEventListener('change', () => void setReferenceMode(referenceMode.checked));
void setReferenceMode(undefined);
