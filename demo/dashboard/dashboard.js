// The demo dashboard: a settings form beside live previews of the widget (preview mode: no network
// calls, re-themed with `instance.update()` as the form changes). Save writes what the owner changed
// (projectEdits.js: nothing else) to the demo service through `/__demo/project` and `/__demo/labels`.
// `?project=<id>` edits another demo project than the seed.
// Type-checked (`checkJs`): `/widget/app.js` is the widget's own `src/app.ts`, and the previews get
// the wire types of `GET /widgets`.
import { AA_CONTRAST, contrastRatio, loadMount } from '/widget/app.js';
import { DAYS, neverOpens, parseWeek, projectUpdate, rangesOf, hoursToSave } from './projectEdits.js';

// The previews' code is a chunk of its own, loaded beside the visitor's widget.
const mount = await loadMount();

/** @typedef {import('../../src/api/wire.ts').WidgetsResponse} WidgetsResponse */
/** @typedef {import('../../src/api/wire.ts').LabelsResponse} LabelsResponse */
/** @typedef {import('../../demo/server/demoAdmin.ts').DemoProjectView} DemoProjectView */
/** @typedef {import('../../demo/server/faults.ts').FaultState} FaultState */
/** @typedef {import('./projectEdits.js').FormState} FormState */
/** @typedef {import('./projectEdits.js').HoursEdits} HoursEdits */
/** @typedef {import('./projectEdits.js').Range} Range */

/** The demo project this page edits (`?project=<id>`), or null for the seed. */
const PROJECT = new URLSearchParams(location.search).get('project');
/** @param {string} path  a `/__demo/…` path that takes `?project=` */
const ofProject = (path) => (PROJECT ? `${path}?project=${encodeURIComponent(PROJECT)}` : path);
/** The edited project's id (for its public labels). */
async function projectId() {
  if (PROJECT) return PROJECT;
  return /** @type {{ projectId: string }} */ (await readJson(await fetch('/__demo'))).projectId;
}

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

/**
 * The form as it was loaded (what a save compares with), null until the project is loaded.
 * @type {FormState | null}
 */
let loaded = null;
/** The stored hours, parsed: the days not edited show these. */
let week = parseWeek('');
/** @type {HoursEdits} */
let edits = { days: new Map(), tzname: '', tzEdited: false };

/** @returns {FormState} */
function formNow() {
  return {
    widget: widgetSettings(),
    active: checkbox('activeOperatingHours').checked,
    hours: loaded?.hours ?? '',
    available: checkbox('agentsAvailable').checked,
  };
}

/** The hours as they would be saved now (the stored string while nothing was edited). */
function hours() {
  return hoursToSave(loaded?.hours ?? '', edits) ?? loaded?.hours ?? '';
}

// The hours, day by day: every range of a day (the service takes several), and the zone.
const schedule = byId('schedule', HTMLDivElement);
const tzWarning = byId('tz-warning', HTMLParagraphElement);

/** @param {number} day */
const rangesNow = (day) => edits.days.get(day) ?? rangesOf(week, day);

/**
 * An element with a class, and its children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} className
 * @param {Array<Node | string>} children
 */
function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/**
 * @param {string} value
 * @param {string} label
 * @param {'start' | 'end'} end
 */
function timeInput(value, label, end) {
  const input = el('input', '');
  input.type = 'time';
  input.value = value;
  input.dataset.end = end;
  input.setAttribute('aria-label', label);
  return input;
}

/** Beside a range the service would never open. */
const rangeWarning = () => el('span', 'range-warning', 'never opens: it must end after it starts, the same day');

/**
 * One day's row: its ranges (from, until, remove), "Add hours", "Closed" when it has none.
 * @param {{ day: number, name: string }} entry
 */
function dayRow({ day, name }) {
  const ranges = rangesNow(day);
  const list = el('ul', 'ranges');
  ranges.forEach((range, i) => {
    const remove = el('button', 'remove-range', '×');
    remove.type = 'button';
    remove.dataset.index = String(i);
    remove.setAttribute('aria-label', `Remove ${name} ${range.start}–${range.end}`);
    const warning = neverOpens(range) ? rangeWarning() : '';
    list.append(
      el(
        'li',
        'range',
        timeInput(range.start, `${name}, hours ${i + 1}, from`, 'start'),
        '–',
        timeInput(range.end, `${name}, hours ${i + 1}, until`, 'end'),
        remove,
        warning,
      ),
    );
  });
  const add = el('button', 'add-range', 'Add hours');
  add.type = 'button';
  add.setAttribute('aria-label', `Add hours on ${name}`);
  const row = el('fieldset', 'day', el('legend', '', name), ranges.length ? list : el('span', 'closed', 'Closed'), add);
  row.dataset.day = String(day);
  return row;
}

function renderSchedule() {
  schedule.replaceChildren(...DAYS.map(dayRow));
}

/**
 * The ranges of a day as its inputs show them.
 * @param {HTMLElement} row
 * @returns {Range[]}
 */
function readDay(row) {
  return [...row.querySelectorAll('li.range')].map((item) => ({
    start: /** @type {HTMLInputElement} */ (item.querySelector('input[data-end="start"]')).value,
    end: /** @type {HTMLInputElement} */ (item.querySelector('input[data-end="end"]')).value,
  }));
}

/**
 * A range added or removed: the day is edited (the only days a save replaces), its row drawn again.
 * @param {number} day
 * @param {Range[]} ranges
 * @param {string} [focus]  a selector in the new row to give the keyboard to
 */
function editDay(day, ranges, focus) {
  edits.days.set(day, ranges);
  const entry = DAYS.find((d) => d.day === day);
  const old = schedule.querySelector(`fieldset.day[data-day="${day}"]`);
  if (!entry || !old) return;
  const row = dayRow(entry);
  old.replaceWith(row);
  if (focus) /** @type {HTMLElement | null} */ (row.querySelector(focus))?.focus();
  refresh();
}

// A time typed in: the day is edited (the only days a save replaces); the row is not drawn again,
// so the keyboard stays in the field, only its warning follows.
schedule.addEventListener('input', (event) => {
  const item = event.target instanceof HTMLInputElement ? event.target.closest('li.range') : null;
  const row = item?.closest('fieldset.day');
  if (!item || !(row instanceof HTMLFieldSetElement)) return;
  const ranges = readDay(row);
  edits.days.set(Number(row.dataset.day), ranges);
  const range = ranges[[...row.querySelectorAll('li.range')].indexOf(item)];
  item.querySelector('.range-warning')?.remove();
  if (range && neverOpens(range)) item.append(rangeWarning());
});

/**
 * `time` plus `minutes`, at most 23:59.
 * @param {string} time
 * @param {number} minutes
 */
function later(time, minutes) {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = Math.min(h * 60 + m + minutes, 23 * 60 + 59);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

schedule.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  const row = button?.closest('fieldset.day');
  if (!button || !(row instanceof HTMLFieldSetElement)) return;
  const day = Number(row.dataset.day);
  const ranges = readDay(row);
  if (button.classList.contains('add-range')) {
    // An hour after the day's last range, or a working day for a closed one.
    const last = ranges[ranges.length - 1];
    ranges.push(last ? { start: later(last.end, 60), end: later(last.end, 120) } : { start: '09:00', end: '17:00' });
    editDay(day, ranges, 'li.range:last-of-type input');
  } else if (button.classList.contains('remove-range')) {
    ranges.splice(Number(button.dataset.index), 1);
    editDay(day, ranges, '.add-range');
  }
});

/** @param {string} zone */
function knownZone(zone) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
field('tzname').addEventListener('input', () => {
  edits.tzname = field('tzname').value.trim();
  edits.tzEdited = true;
  tzWarning.hidden = knownZone(edits.tzname);
  tzWarning.textContent = tzWarning.hidden ? '' : `"${edits.tzname}" is not a time zone the browser knows: the service would read the hours in UTC.`;
});
byId('time-zones', HTMLDataListElement).append(
  ...Intl.supportedValuesOf('timeZone').map((zone) => {
    const option = document.createElement('option');
    option.value = zone;
    return option;
  }),
);

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
  serviceLabels = await fetch(`/v3/${await projectId()}/labels/${lang().toUpperCase()}`)
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

const saveButton = byId('save', HTMLButtonElement);

/** Fills the form from the project as the service holds it; what a save compares with from then on. */
async function load() {
  saveButton.disabled = true;
  const res = await fetch(ofProject('/__demo/project'));
  if (!res.ok) {
    status.textContent = `Could not load the project: ${await res.text()}`;
    return;
  }
  const { project, agents } = /** @type {DemoProjectView} */ (await readJson(res));
  const widget = project.widget ?? {};
  for (const key of WIDGET_KEYS) {
    const el = field(key);
    if (!(key in widget)) continue;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = !!widget[key];
    else el.value = String(widget[key]).replace(/px$/, '');
  }
  checkbox('activeOperatingHours').checked = !!project.activeOperatingHours;
  week = parseWeek(project.operatingHours);
  // Hours without a zone (none stored yet) show the browser's: saved only with an edited day.
  const zone = typeof week.tzname === 'string' && week.tzname ? week.tzname : Intl.DateTimeFormat().resolvedOptions().timeZone;
  field('tzname').value = zone;
  tzWarning.hidden = true;
  edits = { days: new Map(), tzname: zone, tzEdited: false };
  checkbox('agentsAvailable').checked = agents.some((a) => a.user_available);
  loaded = { ...formNow(), hours: project.operatingHours ?? '' };
  renderSchedule();
  refresh();
  saveButton.disabled = false;
}

async function save() {
  if (!loaded) return;
  status.textContent = 'Saving…';
  const { agents } = /** @type {DemoProjectView} */ (await readJson(await fetch(ofProject('/__demo/project'))));
  const body = projectUpdate(loaded, formNow(), edits, agents);
  const text = editedLabels();
  if (Object.keys(body).length === 0 && !text.LABEL_PLACEHOLDER) {
    status.textContent = 'Nothing to save: nothing was changed.';
    return;
  }
  const saved = Object.keys(body).length
    ? await fetch(ofProject('/__demo/project'), { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    : { ok: true, text: () => Promise.resolve('') };
  let labelsSaved = { ok: true };
  if (text.LABEL_PLACEHOLDER) {
    const current = /** @type {LabelsResponse | null} */ (
      await readJson(await fetch(`/v3/${await projectId()}/labels/${lang().toUpperCase()}`)).catch(() => null)
    );
    const data = current && current.lang === lang().toUpperCase() ? { ...current.data, ...text } : text;
    labelsSaved = await fetch(ofProject('/__demo/labels'), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lang: lang().toUpperCase(), data }),
    });
  }
  if (!saved.ok || !labelsSaved.ok) {
    status.textContent = 'Could not save: ' + (await saved.text());
    return;
  }
  // What is saved is what the next save compares with.
  await load();
  status.textContent = 'Saved. Reload the host page to see it.';
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
