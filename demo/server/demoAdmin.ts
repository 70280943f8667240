/**
 * `/__demo/…`: the demo's own control surface (no auth; the demo binds to 127.0.0.1 only).
 * Fault switches, the reference mode, reset to the seed, extra projects for isolated tests
 * (`POST /__demo/projects`), live editing of a project (widget settings, hours, agents'
 * availability), its departments and its labels, and custom tokens signed with a project's
 * secret. The project routes take `?project=<id>` (default: the seed project).
 */
import cors from 'cors';
import express, { Router, type ErrorRequestHandler, type Request } from 'express';
import jwt from 'jsonwebtoken';
import { PROJECT_AUDIENCE_PREFIX, userJson } from './credentials.ts';
import type { Faults } from './faults.ts';
import { FaultError } from './faults.ts';
import { bodyOf, isRecord, queryText } from './httpContext.ts';
import { objectId } from './ids.ts';
import { labelsFor, upsertLabels } from './labels.ts';
import type { LabelInput } from './labels.ts';
import type { DemoMode } from './mode.ts';
import { SeedError, seedConversation } from './seedConversation.ts';
import { DEMO_PROJECT_ID, freshIds, projectFixture, stampsNow } from './seed.ts';
import { departmentJson } from './serialize.ts';
import type { Store } from './store.ts';
import { nowIso } from './store.ts';
import type { DepartmentDoc, LabelDoc, ProjectDoc } from './types.ts';

export interface AdminDeps {
  store: Store;
  faults: Faults;
  mode: DemoMode;
  info: () => Record<string, unknown>;
  /** the global secret: tokens of the guests `POST /seed-conversation` creates */
  secret: string;
}

class InputError extends Error {}
class NotFoundError extends Error {}

/** `?project=<id>`, default the seed project. */
function projectIdOf(req: Request): string {
  return (queryText(req, 'project') || DEMO_PROJECT_ID).toLowerCase();
}

function project(store: Store, projectId: string): ProjectDoc {
  const found = store.project(projectId);
  if (!found) throw new NotFoundError(`unknown project ${projectId}`);
  return found;
}

function projectBot(store: Store, projectId: string) {
  return store.data.bots.find((b) => b.id_project === projectId && !b.trashed);
}

/** What `GET /__demo/project` answers; the console and the dashboard read it through this type. */
export type DemoProjectView = ReturnType<typeof projectView>;

function projectView(store: Store, projectId: string) {
  const doc = project(store, projectId);
  const agents = store.agentsOf(doc._id).flatMap((pu) => {
    const user = pu.id_user ? store.user(pu.id_user) : undefined;
    return user ? [{ ...userJson(user), _id: user._id, role: pu.role, user_available: pu.user_available, pu_id: pu._id }] : [];
  });
  const bot = projectBot(store, doc._id);
  return { project: structuredClone(doc), agents, bot: bot ? { _id: bot._id, name: bot.name } : null, botWelcome: store.data.demo.botWelcome };
}

/** Shallow merge where `null` deletes a key. */
function merge(target: Record<string, unknown>, patch: unknown, name: string): Record<string, unknown> {
  if (!isRecord(patch)) throw new InputError(`${name} must be an object`);
  const next = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** Accepts the JSON string the service stores, or the object it encodes. */
function operatingHoursString(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InputError('operatingHours must be valid JSON');
  }
  if (!isRecord(parsed)) throw new InputError('operatingHours must encode an object like {"1":[{"start":"09:00","end":"18:00"}],"tzname":"Europe/Rome"}');
  return text;
}

function setAgentAvailability(store: Store, projectId: string, items: unknown): void {
  if (!Array.isArray(items)) throw new InputError('agents must be an array of {id | email, user_available}');
  for (const item of items) {
    if (!isRecord(item) || typeof item.user_available !== 'boolean') throw new InputError('each agent needs a boolean user_available');
    const user = store.data.users.find((u) => u._id === item.id || u.email === item.email);
    const membership = user && store.membership(projectId, { id_user: user._id });
    if (!membership) throw new InputError(`unknown agent ${String(item.id ?? item.email)}`);
    membership.user_available = item.user_available;
    store.touch(membership);
  }
}

function updateProject(store: Store, projectId: string, body: Record<string, unknown>): void {
  const doc = project(store, projectId);
  if (body.name !== undefined) {
    if (typeof body.name !== 'string' || !body.name) throw new InputError('name must be a non-empty string');
    doc.name = body.name;
  }
  if (body.widget !== undefined) doc.widget = merge(doc.widget, body.widget, 'widget');
  if (body.settings !== undefined) doc.settings = merge(doc.settings, body.settings, 'settings');
  if (body.activeOperatingHours !== undefined) {
    if (typeof body.activeOperatingHours !== 'boolean') throw new InputError('activeOperatingHours must be a boolean');
    doc.activeOperatingHours = body.activeOperatingHours;
  }
  if (body.operatingHours !== undefined) doc.operatingHours = operatingHoursString(body.operatingHours);
  if (body.timeSlots !== undefined) doc.timeSlots = isRecord(body.timeSlots) ? (body.timeSlots as ProjectDoc['timeSlots']) : undefined;
  if (body.agents !== undefined) setAgentAvailability(store, projectId, body.agents);
  if (body.botWelcome !== undefined) {
    if (typeof body.botWelcome !== 'boolean') throw new InputError('botWelcome must be a boolean');
    store.data.demo.botWelcome = body.botWelcome;
  }
  store.touch(doc);
}

const OPTIONAL_TEXT = ['description', 'online_msg', 'offline_msg'] as const;

/**
 * One department of a `PUT /__demo/departments` list. A known `_id` (of this project) keeps the
 * department; `id_bot` must name this project's bot, and `bot: true` is a shorthand for it.
 */
function toDepartment(store: Store, projectId: string, input: unknown): DepartmentDoc {
  if (!isRecord(input) || typeof input.name !== 'string' || !input.name) throw new InputError('each department needs a name');
  const found = typeof input._id === 'string' ? store.department(input._id) : undefined;
  const existing = found?.id_project === projectId ? found : undefined;
  const routing = input.routing ?? existing?.routing ?? 'assigned';
  if (routing !== 'assigned' && routing !== 'pooled') throw new InputError('routing must be "assigned" or "pooled"');
  const status = input.status ?? existing?.status ?? 1;
  if (status !== 1 && status !== 0 && status !== -1) throw new InputError('status must be 1, 0 or -1');
  const ownBot = projectBot(store, projectId);
  let idBot = input.bot === true ? ownBot?._id : input.bot === false ? null : input.id_bot === undefined ? existing?.id_bot : input.id_bot;
  if (input.bot === true && !ownBot) throw new InputError('this project has no bot');
  if (idBot !== null && idBot !== undefined && !(typeof idBot === 'string' && store.bot(idBot)?.id_project === projectId)) {
    throw new InputError(`unknown bot ${String(idBot)} (id_bot must be this project's bot${ownBot ? `, ${ownBot._id}` : ''})`);
  }
  if (idBot === null) idBot = undefined;
  const now = nowIso();
  const department: DepartmentDoc = {
    ...(existing ?? { _id: objectId(), groups: [], tags: [], createdBy: 'system', createdAt: now, __v: 0 }),
    name: input.name,
    routing,
    status,
    default: input.default === true,
    id_project: projectId,
    id_bot: typeof idBot === 'string' ? idBot : undefined,
    updatedAt: now,
  };
  for (const key of OPTIONAL_TEXT) if (typeof input[key] === 'string') department[key] = input[key];
  return department;
}

function replaceDepartments(store: Store, projectId: string, body: unknown): void {
  if (!Array.isArray(body)) throw new InputError('departments must be an array of departments');
  const departments = body.map((item) => toDepartment(store, projectId, item));
  if (departments.filter((d) => d.default).length !== 1) throw new InputError('exactly one department must have default: true');
  store.data.departments = [...store.data.departments.filter((d) => d.id_project !== projectId), ...departments];
  store.changed();
}

function labelInput(body: unknown, name = 'each label set'): LabelInput {
  if (!isRecord(body) || typeof body.lang !== 'string' || !body.lang || !isRecord(body.data)) throw new InputError(`${name} must be {lang, data, default?}`);
  return { lang: body.lang, data: body.data as LabelInput['data'], default: body.default === true ? true : undefined };
}

/** The whole label set of a project: `[]` leaves it without labels (the default labels apply). */
function replaceLabels(store: Store, projectId: string, body: unknown): void {
  const items = Array.isArray(body) ? body.map((item) => labelInput(item)) : [labelInput(body)];
  const langs = items.map((l) => l.lang);
  if (new Set(langs).size !== langs.length) throw new InputError('each language may appear once in labels');
  store.data.labels = store.data.labels.filter((l) => l.id_project !== projectId);
  if (items.length > 0) {
    const defaultIndex = Math.max(
      0,
      items.findIndex((l) => l.default),
    );
    const at = stampsNow();
    const doc: LabelDoc = {
      _id: objectId(),
      id_project: projectId,
      data: items.map((l, i) => ({ _id: objectId(), lang: l.lang, data: l.data, default: i === defaultIndex })),
      createdBy: 'system',
      ...at,
    };
    store.data.labels.push(doc);
  }
  store.changed();
}

/** Every document of a project (its conversations included); the users stay. */
function deleteProject(store: Store, projectId: string): void {
  const d = store.data;
  d.projects = d.projects.filter((p) => p._id !== projectId);
  d.projectUsers = d.projectUsers.filter((pu) => pu.id_project !== projectId);
  d.departments = d.departments.filter((x) => x.id_project !== projectId);
  d.bots = d.bots.filter((b) => b.id_project !== projectId);
  d.leads = d.leads.filter((l) => l.id_project !== projectId);
  d.requests = d.requests.filter((r) => r.id_project !== projectId);
  d.messages = d.messages.filter((m) => m.id_project !== projectId);
  d.labels = d.labels.filter((l) => l.id_project !== projectId);
  delete d.ticketCounters[projectId];
  store.changed();
}

/** The overrides `POST /__demo/projects` accepts (besides these, the body is ignored). */
const PROJECT_KEYS = ['name', 'widget', 'settings', 'activeOperatingHours', 'operatingHours', 'timeSlots'] as const;

/**
 * `POST /__demo/projects`: a copy of the seed project as the seed defines it (settings, widget,
 * hours, the three departments, the bot, the EN labels, Ann as owner and Bob as agent) under
 * fresh ids, then the overrides. Nothing is kept when an override is invalid.
 */
function createProject(store: Store, body: Record<string, unknown>): string {
  const fixture = projectFixture(freshIds(), stampsNow());
  const projectId = fixture.project._id;
  const d = store.data;
  d.projects.push(fixture.project);
  d.projectUsers.push(...fixture.projectUsers);
  d.departments.push(...fixture.departments);
  d.bots.push(fixture.bot);
  d.labels.push(fixture.labels);
  try {
    const patch = Object.fromEntries(PROJECT_KEYS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
    updateProject(store, projectId, patch);
    if (body.departments !== undefined) replaceDepartments(store, projectId, body.departments);
    if (body.labels !== undefined) replaceLabels(store, projectId, body.labels);
    const available = body.agentsAvailable;
    if (typeof available === 'boolean') {
      for (const pu of store.agentsOf(projectId)) pu.user_available = available;
    } else if (available !== undefined) {
      setAgentAvailability(store, projectId, available);
    }
  } catch (err) {
    deleteProject(store, projectId);
    throw err;
  }
  store.changed();
  return projectId;
}

function projectsView(store: Store): unknown[] {
  return store.data.projects.map((p) => ({ projectId: p._id, name: p.name, seed: p._id === DEMO_PROJECT_ID }));
}

function departmentsView(store: Store, projectId: string): unknown[] {
  project(store, projectId);
  return store.departmentsOf(projectId).map(departmentJson);
}

/**
 * A custom token for a project, as the site's backend would sign it with the project's secret:
 * the demo host page's "sign in as Jane" (and tests) use it. Body: `{_id?, firstname?, lastname?,
 * email?, expiresIn?}` (seconds); default: Jane Doe, external id `jane-doe`.
 */
function customToken(store: Store, projectId: string, body: Record<string, unknown>): string {
  const doc = project(store, projectId);
  const text = (key: string, fallback?: string): string | undefined => (typeof body[key] === 'string' && body[key] ? body[key] : fallback);
  const claims = Object.fromEntries(
    Object.entries({
      _id: text('_id', 'jane-doe'),
      firstname: text('firstname', 'Jane'),
      lastname: text('lastname', 'Doe'),
      email: text('email', 'jane@example.com'),
    }).filter(([, v]) => v !== undefined),
  );
  const expiresIn = body.expiresIn;
  if (expiresIn !== undefined && (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn))) throw new InputError('expiresIn must be a number of seconds');
  const token = jwt.sign(claims, doc.jwtSecret, {
    subject: 'userexternal',
    audience: `${PROJECT_AUDIENCE_PREFIX}${doc._id}`,
    ...(expiresIn === undefined ? {} : { expiresIn }),
  });
  return `JWT ${token}`;
}

/** Invalid input → 400, unknown project → 404, both as `{error}`. */
const answerFailure: ErrorRequestHandler = (err: unknown, _req, res, next) => {
  if (err instanceof NotFoundError) return void res.status(404).json({ error: err.message });
  if (err instanceof InputError || err instanceof FaultError || err instanceof SeedError) return void res.status(400).json({ error: err.message });
  // body-parser: too large or not JSON.
  if (isRecord(err) && typeof err.status === 'number' && err.status < 500)
    return void res.status(400).json({ error: 'the body must be JSON (at most 512000 bytes)' });
  next(err);
};

export function createAdminRouter(deps: AdminDeps): Router {
  const { store, faults, mode } = deps;
  const router = Router();
  router.use(cors(), express.json({ limit: '500kb', strict: false }));
  router.get('/', (_req, res) => res.json({ ...deps.info(), reference: mode.isReference }));
  router.get('/faults', (_req, res) => res.json(faults.state));
  router.post('/faults', (req, res) => res.json(faults.update(req.body)));
  router.get('/mode', (_req, res) => res.json({ reference: mode.isReference }));
  router.put('/mode', (req, res) => {
    const reference = bodyOf(req).reference;
    if (typeof reference !== 'boolean') throw new InputError('body must be {"reference": true | false}');
    mode.set(reference);
    res.json({ reference: mode.isReference });
  });
  router.post('/reset', (_req, res) => {
    faults.clear();
    store.reset();
    res.json({ ok: true });
  });
  router.get('/projects', (_req, res) => res.json(projectsView(store)));
  router.post('/projects', (req, res) => {
    if (!isRecord(req.body)) throw new InputError('body must be a JSON object (or empty)');
    res.status(201).json({ projectId: createProject(store, bodyOf(req)) });
  });
  router.delete('/projects/:id', (req, res) => {
    const projectId = req.params.id.toLowerCase();
    if (projectId === DEMO_PROJECT_ID) throw new InputError('the seed project cannot be deleted (POST /__demo/reset restores it)');
    project(store, projectId);
    deleteProject(store, projectId);
    res.json({ ok: true });
  });
  router.get('/project', (req, res) => res.json(projectView(store, projectIdOf(req))));
  router.put('/project', (req, res) => {
    if (!isRecord(req.body)) throw new InputError('body must be a JSON object');
    const projectId = projectIdOf(req);
    updateProject(store, projectId, req.body);
    res.json(projectView(store, projectId));
  });
  router.get('/departments', (req, res) => res.json(departmentsView(store, projectIdOf(req))));
  router.put('/departments', (req, res) => {
    const projectId = projectIdOf(req);
    project(store, projectId);
    replaceDepartments(store, projectId, req.body);
    res.json(departmentsView(store, projectId));
  });
  router.get('/labels', (req, res) => {
    const projectId = projectIdOf(req);
    project(store, projectId);
    res.json(store.labelsOf(projectId) ?? {});
  });
  router.put('/labels', (req, res) => {
    const projectId = projectIdOf(req);
    project(store, projectId);
    const input = labelInput(req.body, 'body');
    upsertLabels(store, projectId, input, 'system');
    res.json(labelsFor(store.labelsOf(projectId), input.lang));
  });
  router.post('/seed-conversation', (req, res) => {
    const projectId = projectIdOf(req);
    project(store, projectId);
    const body = bodyOf(req);
    const requestId = typeof body.requestId === 'string' ? body.requestId : undefined;
    res.status(201).json(seedConversation(store, deps.secret, { projectId, count: Number(body.count), requestId }));
  });
  router.post('/tokens', (req, res) => res.status(201).json({ token: customToken(store, projectIdOf(req), bodyOf(req)) }));
  router.use((_req, res) => res.status(404).json({ error: 'no such demo route' }));
  router.use(answerFailure);
  return router;
}
