/**
 * `/__demo/…`: the demo's own control surface (no auth; the demo binds to 127.0.0.1 only).
 * Fault switches, reset to the seed, and live editing of the project (widget settings, hours,
 * agents' availability), its departments and its labels, for tests and the future dashboard.
 */
import type { Faults } from './faults.ts';
import { FaultError } from './faults.ts';
import type { Ctx } from './http.ts';
import { isRecord, sendJson } from './http.ts';
import { objectId } from './ids.ts';
import { labelsFor, upsertLabels } from './labels.ts';
import { userJson } from './passport.ts';
import { Router } from './router.ts';
import { DEMO_PROJECT_ID } from './seed.ts';
import { departmentJson } from './serialize.ts';
import type { Store } from './store.ts';
import { nowIso } from './store.ts';
import type { DepartmentDoc, ProjectDoc } from './types.ts';

export interface AdminDeps {
  store: Store;
  faults: Faults;
  info: () => Record<string, unknown>;
}

class InputError extends Error {}

function project(store: Store): ProjectDoc {
  const found = store.project(DEMO_PROJECT_ID);
  if (!found) throw new InputError('the demo project is missing');
  return found;
}

function projectView(store: Store): Record<string, unknown> {
  const doc = project(store);
  const agents = store.agentsOf(doc._id).flatMap((pu) => {
    const user = pu.id_user ? store.user(pu.id_user) : undefined;
    return user ? [{ ...userJson(user), role: pu.role, user_available: pu.user_available, pu_id: pu._id }] : [];
  });
  return { project: structuredClone(doc), agents, botWelcome: store.data.demo.botWelcome };
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

function setAgentAvailability(store: Store, items: unknown): void {
  if (!Array.isArray(items)) throw new InputError('agents must be an array of {id | email, user_available}');
  for (const item of items) {
    if (!isRecord(item) || typeof item.user_available !== 'boolean') throw new InputError('each agent needs a boolean user_available');
    const user = store.data.users.find((u) => u._id === item.id || u.email === item.email);
    const membership = user && store.membership(DEMO_PROJECT_ID, { id_user: user._id });
    if (!membership) throw new InputError(`unknown agent ${String(item.id ?? item.email)}`);
    membership.user_available = item.user_available;
    store.touch(membership);
  }
}

function updateProject(store: Store, body: Record<string, unknown>): void {
  const doc = project(store);
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
  if (body.agents !== undefined) setAgentAvailability(store, body.agents);
  if (body.botWelcome !== undefined) {
    if (typeof body.botWelcome !== 'boolean') throw new InputError('botWelcome must be a boolean');
    store.data.demo.botWelcome = body.botWelcome;
  }
  store.touch(doc);
}

const OPTIONAL_TEXT = ['description', 'online_msg', 'offline_msg'] as const;

function toDepartment(store: Store, input: unknown): DepartmentDoc {
  if (!isRecord(input) || typeof input.name !== 'string' || !input.name) throw new InputError('each department needs a name');
  const existing = typeof input._id === 'string' ? store.department(input._id) : undefined;
  const routing = input.routing ?? existing?.routing ?? 'assigned';
  if (routing !== 'assigned' && routing !== 'pooled') throw new InputError('routing must be "assigned" or "pooled"');
  const status = input.status ?? existing?.status ?? 1;
  if (status !== 1 && status !== 0 && status !== -1) throw new InputError('status must be 1, 0 or -1');
  const idBot = input.id_bot === undefined ? existing?.id_bot : input.id_bot;
  if (idBot !== null && idBot !== undefined && !(typeof idBot === 'string' && store.bot(idBot))) throw new InputError(`unknown bot ${String(idBot)}`);
  const now = nowIso();
  const department: DepartmentDoc = {
    ...(existing ?? { _id: objectId(), groups: [], tags: [], createdBy: 'system', createdAt: now, __v: 0 }),
    name: input.name,
    routing,
    status,
    default: input.default === true,
    id_project: DEMO_PROJECT_ID,
    id_bot: typeof idBot === 'string' ? idBot : undefined,
    updatedAt: now,
  } as DepartmentDoc;
  for (const key of OPTIONAL_TEXT) if (typeof input[key] === 'string') department[key] = input[key] as string;
  return department;
}

function replaceDepartments(store: Store, body: unknown): void {
  if (!Array.isArray(body)) throw new InputError('body must be an array of departments');
  const departments = body.map((item) => toDepartment(store, item));
  if (departments.filter((d) => d.default).length !== 1) throw new InputError('exactly one department must have default: true');
  store.data.departments = [...store.data.departments.filter((d) => d.id_project !== DEMO_PROJECT_ID), ...departments];
  store.changed();
}

function guarded(handler: (ctx: Ctx) => void) {
  return (ctx: Ctx): void => {
    try {
      handler(ctx);
    } catch (err) {
      if (!(err instanceof InputError) && !(err instanceof FaultError)) throw err;
      sendJson(ctx.res, 400, { error: err.message });
    }
  };
}

function departmentsView(store: Store): unknown[] {
  return store.departmentsOf(DEMO_PROJECT_ID).map(departmentJson);
}

export function createAdminRouter(deps: AdminDeps): Router {
  const { store, faults } = deps;
  const router = new Router();
  router.get('/__demo', (ctx) => sendJson(ctx.res, 200, deps.info()));
  router.get('/__demo/faults', (ctx) => sendJson(ctx.res, 200, faults.state));
  router.post('/__demo/faults', guarded((ctx) => sendJson(ctx.res, 200, faults.update(ctx.body))));
  router.post('/__demo/reset', (ctx) => {
    faults.clear();
    store.reset();
    sendJson(ctx.res, 200, { ok: true });
  });
  router.get('/__demo/project', (ctx) => sendJson(ctx.res, 200, projectView(store)));
  router.put(
    '/__demo/project',
    guarded((ctx) => {
      if (!isRecord(ctx.body)) throw new InputError('body must be a JSON object');
      updateProject(store, ctx.body);
      sendJson(ctx.res, 200, projectView(store));
    }),
  );
  router.get('/__demo/departments', (ctx) => sendJson(ctx.res, 200, departmentsView(store)));
  router.put(
    '/__demo/departments',
    guarded((ctx) => {
      replaceDepartments(store, ctx.body);
      sendJson(ctx.res, 200, departmentsView(store));
    }),
  );
  router.get('/__demo/labels', (ctx) => sendJson(ctx.res, 200, store.labelsOf(DEMO_PROJECT_ID) ?? {}));
  router.put(
    '/__demo/labels',
    guarded((ctx) => {
      const body = ctx.body;
      if (!isRecord(body) || typeof body.lang !== 'string' || !body.lang || !isRecord(body.data)) throw new InputError('body must be {lang, data, default?}');
      upsertLabels(store, DEMO_PROJECT_ID, { lang: body.lang, data: body.data as Record<string, string>, default: body.default === true ? true : undefined }, 'system');
      sendJson(ctx.res, 200, labelsFor(store, DEMO_PROJECT_ID, body.lang));
    }),
  );
  return router;
}
