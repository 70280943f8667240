// The demo dashboard: a settings form beside live previews of the widget (preview mode: no network
// calls, re-themed with `instance.update()` as the form changes). Save writes the settings to the
// demo service through `/__demo/project` and `/__demo/labels`.
// Type-checked (`checkJs`): `/widget/app.js` is the widget's own `src/app.ts`, and the previews get
// the wire types of `GET /widgets`.
import { loadMount } from '/widget/app.js';

// The previews' code is a chunk of its own, loaded beside the visitor's widget.
const mount = await loadMount();

/** @typedef {import('../../src/api/wire.ts').WidgetsResponse} WidgetsResponse */
/** @typedef {import('../../src/api/wire.ts').LabelsResponse} LabelsResponse */

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

const WIDGET_KEYS = ['widgetTitle', 'themeColor', 'themeForegroundColor', 'themeColorOpacity', 'align', 'launcherWidth', 'marginX', 'marginY', 'baloonImage', 'logoChat', 'welcomeTitle', 'welcomeMsg', 'poweredBy', 'preChatForm', 'nativeRating', 'calloutTimer', 'calloutTitle', 'calloutMsg'];

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
    project: { _id: 'preview', name: field('widgetTitle').value || 'Porchlight Demo', widget: widgetSettings(), activeOperatingHours: checkbox('activeOperatingHours').checked, operatingHours: hours() },
    user_available: available ? [{ id: 'agent' }] : [],
    departments: [],
  };
}

function labels() {
  const placeholder = field('LABEL_PLACEHOLDER').value.trim();
  return placeholder ? { LABEL_PLACEHOLDER: placeholder } : {};
}

const lang = () => field('lang').value;
const previews = [
  { el: byId('preview', HTMLDivElement), available: () => checkbox('agentsAvailable').checked },
  { el: byId('preview-offline', HTMLDivElement), available: () => false },
].map((p) => ({ ...p, instance: mount(p.el, { preview: true, lang: lang(), project: projectAnswer(p.available()), labels: labels() }) }));

function refresh() {
  for (const p of previews) p.instance.update({ lang: lang(), project: projectAnswer(p.available()), labels: labels() });
}
form.addEventListener('input', refresh);
form.addEventListener('change', refresh);

async function load() {
  const res = await fetch('/__demo/project');
  if (!res.ok) return;
  /** @type {{ project: { widget?: Record<string, unknown>, activeOperatingHours?: boolean, operatingHours?: string }, agents: Array<{ _id: string, user_available: boolean }> }} */
  const { project, agents } = await res.json();
  const widget = project.widget ?? {};
  for (const key of WIDGET_KEYS) {
    const el = field(key);
    if (!(key in widget)) continue;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = !!widget[key];
    else el.value = String(widget[key]).replace(/px$/, '');
  }
  checkbox('activeOperatingHours').checked = !!project.activeOperatingHours;
  try {
    const week = JSON.parse(project.operatingHours || '{}');
    if (week.tzname) field('tzname').value = week.tzname;
    const monday = week['1']?.[0];
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

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  status.textContent = 'Saving…';
  /** @type {{ agents: Array<{ _id: string }> }} */
  const { agents } = await (await fetch('/__demo/project')).json();
  const body = {
    widget: widgetSettings(),
    activeOperatingHours: checkbox('activeOperatingHours').checked,
    operatingHours: hours(),
    agents: agents.map((a) => ({ id: a._id, user_available: checkbox('agentsAvailable').checked })),
  };
  const saved = await fetch('/__demo/project', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const text = labels();
  let labelsSaved = { ok: true };
  if (text.LABEL_PLACEHOLDER) {
    /** @type {LabelsResponse | null} */
    const current = await (await fetch(`/v3/${(await (await fetch('/__demo')).json()).projectId}/labels/${lang().toUpperCase()}`)).json().catch(() => null);
    const data = current && current.lang === lang().toUpperCase() ? { ...current.data, ...text } : text;
    labelsSaved = await fetch('/__demo/labels', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ lang: lang().toUpperCase(), data }) });
  }
  status.textContent = saved.ok && labelsSaved.ok ? 'Saved. Reload the host page to see it.' : 'Could not save: ' + (await saved.text());
});

void load();

// Fault switches of the demo service (POST /__demo/faults): try the widget offline-ish, rate
// limited, with dropped connections or a refused websocket, from the browser.
const faultState = byId('fault-state', HTMLOutputElement);
/** @param {Record<string, unknown>} patch */
async function setFaults(patch) {
  const res = await fetch('/__demo/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(patch) });
  const state = await res.json();
  const active = Object.entries(/** @type {Record<string, unknown>} */ (state)).filter(([, value]) => value && value !== 0);
  faultState.textContent = active.length ? `Active: ${active.map(([key, value]) => `${key} ${JSON.stringify(value)}`).join('; ')}` : 'No fault active.';
}
byId('faults', HTMLFieldSetElement).addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-fault]') : null;
  if (button instanceof HTMLButtonElement) void setFaults(JSON.parse(button.dataset.fault ?? '{}'));
});
field('latencyMs').addEventListener('change', () => void setFaults({ latencyMs: Number(field('latencyMs').value) || 0 }));
// The fault controls are not widget settings: keep them out of the preview refresh.
void setFaults({});

// Reference mode (PUT /__demo/mode): the demo answers like a stock reference deployment.
const referenceMode = checkbox('referenceMode');
/** @param {boolean | undefined} reference  undefined: only read the current mode */
async function setReferenceMode(reference) {
  const res = await fetch('/__demo/mode', { method: reference === undefined ? 'GET' : 'PUT', headers: { 'Content-Type': 'application/json' }, body: reference === undefined ? undefined : JSON.stringify({ reference }) });
  if (res.ok) referenceMode.checked = (await res.json()).reference;
}
referenceMode.addEventListener('change', () => void setReferenceMode(referenceMode.checked));
void setReferenceMode(undefined);
