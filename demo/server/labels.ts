/**
 * `/:pid/labels` (server-contract §5). Reads are public; writes need the admin role. The
 * fallback of `GET /:pid/labels/:lang` is the reference's, case-sensitive:
 * no project labels → the default EN entry whatever the language; otherwise the exact language,
 * else the project's `default: true` entry, else its EN entry, else the default EN.
 */
import type { LabelsResponse } from '../../src/api/wire.ts';
import { defaultLabels, FALLBACK_LANGUAGE } from './defaultLabels.ts';
import type { Ctx } from './http.ts';
import { isRecord, sendJson } from './http.ts';
import { objectId } from './ids.ts';
import type { AuthDeps, Principal } from './passport.ts';
import { protect } from './passport.ts';
import type { Router } from './router.ts';
import type { Store } from './store.ts';
import { nowIso } from './store.ts';
import type { LabelDoc, LabelEntry, ProjectDoc } from './types.ts';

function pivot(): LabelEntry {
  return defaultLabels().find((l) => l.lang === FALLBACK_LANGUAGE) as LabelEntry;
}

/** `labelService.getLanguage`. */
export function labelsFor(store: Store, projectId: string, lang: string): LabelEntry {
  const labels = store.labelsOf(projectId);
  if (!labels) return pivot();
  return (
    labels.data.find((l) => l.lang === lang) ??
    labels.data.find((l) => l.default === true) ??
    labels.data.find((l) => l.lang === FALLBACK_LANGUAGE) ??
    pivot()
  );
}

export interface LabelInput {
  lang: string;
  data: Record<string, string | string[]>;
  default?: boolean;
}

/**
 * `POST /:pid/labels`: adds or replaces one language. The first language of a project becomes
 * its default; `default: true` moves the flag.
 */
export function upsertLabels(store: Store, projectId: string, input: LabelInput, by: string): LabelDoc {
  const entry: LabelEntry = { _id: objectId(), lang: input.lang, data: input.data, default: input.default };
  let doc = store.labelsOf(projectId);
  if (!doc) {
    const now = nowIso();
    doc = { _id: objectId(), id_project: projectId, data: [{ ...entry, default: true }], createdBy: by, createdAt: now, updatedAt: now, __v: 0 };
    store.data.labels.push(doc);
    store.changed();
    return doc;
  }
  if (input.default === true) doc.data.forEach((l) => (l.default = false));
  const index = doc.data.findIndex((l) => l.lang === input.lang);
  if (index >= 0) doc.data[index] = entry;
  else doc.data.push(entry);
  return store.touch(doc);
}

function projectOf(ctx: Ctx): ProjectDoc {
  return ctx.locals.project as ProjectDoc;
}

function byOf(ctx: Ctx): string {
  return (ctx.locals.principal as Principal).id;
}

function getAll(store: Store) {
  return (ctx: Ctx): void => {
    sendJson(ctx.res, 200, store.labelsOf(projectOf(ctx)._id) ?? {});
  };
}

function getLanguage(store: Store) {
  return (ctx: Ctx): void => {
    sendJson(ctx.res, 200, labelsFor(store, projectOf(ctx)._id, ctx.params.lang ?? '') satisfies LabelsResponse);
  };
}

/** Answers like the reference after a write: as `GET /:pid/labels/:lang`. */
function answerLanguage(ctx: Ctx, store: Store, lang: string): void {
  sendJson(ctx.res, 200, labelsFor(store, projectOf(ctx)._id, lang));
}

function post(store: Store) {
  return (ctx: Ctx): void => {
    const body = isRecord(ctx.body) ? ctx.body : {};
    const lang = String(body.lang);
    const data = isRecord(body.data) ? (body.data as LabelInput['data']) : {};
    upsertLabels(store, projectOf(ctx)._id, { lang, data, default: body.default === true ? true : undefined }, byOf(ctx));
    answerLanguage(ctx, store, lang);
  };
}

/** `POST /:pid/labels/default/clone {lang}`: copies a default language (or EN renamed) in. */
function cloneDefault(store: Store) {
  return (ctx: Ctx): void => {
    const body = isRecord(ctx.body) ? ctx.body : {};
    if (body.lang === undefined || body.lang === null || String(body.lang) === '') {
      sendJson(ctx.res, 422, { errors: [{ ...(body.lang === undefined ? {} : { value: body.lang }), msg: 'Invalid value', param: 'lang', location: 'body' }] });
      return;
    }
    const lang = String(body.lang);
    const source = defaultLabels().find((l) => l.lang === lang) ?? { ...pivot(), lang };
    upsertLabels(store, projectOf(ctx)._id, { lang, data: source.data }, byOf(ctx));
    sendJson(ctx.res, 200, store.labelsOf(projectOf(ctx)._id));
  };
}

function makeDefault(store: Store) {
  return (ctx: Ctx): void => {
    const doc = store.labelsOf(projectOf(ctx)._id);
    if (!doc) {
      sendJson(ctx.res, 404, { success: false, msg: 'Lang not found' });
      return;
    }
    const lang = ctx.params.lang ?? '';
    doc.data.forEach((l) => (l.default = false));
    const entry = doc.data.find((l) => l.lang === lang);
    if (entry) entry.default = true;
    store.touch(doc);
    answerLanguage(ctx, store, lang);
  };
}

function deleteAll(store: Store) {
  return (ctx: Ctx): void => {
    const before = store.data.labels.length;
    store.data.labels = store.data.labels.filter((l) => l.id_project !== projectOf(ctx)._id);
    store.changed();
    const n = before - store.data.labels.length;
    sendJson(ctx.res, 200, { n, ok: 1, deletedCount: n });
  };
}

function deleteLanguage(store: Store) {
  return (ctx: Ctx): void => {
    const doc = store.labelsOf(projectOf(ctx)._id);
    const lang = ctx.params.lang ?? '';
    const entry = doc?.data.find((l) => l.lang === lang);
    if (!doc || !entry) {
      sendJson(ctx.res, 404, { success: false, msg: 'Object not found.' });
      return;
    }
    if (entry.default === true) {
      sendJson(ctx.res, 400, { success: false, msg: "You can't delete the default language." });
      return;
    }
    doc.data = doc.data.filter((l) => l !== entry);
    store.touch(doc);
    answerLanguage(ctx, store, lang);
  };
}

export function registerLabels(router: Router, deps: AuthDeps): void {
  const { store } = deps;
  const admin = protect(deps, 'admin');
  router.get('/:projectid/labels/default', (ctx) => sendJson(ctx.res, 200, defaultLabels()));
  router.post('/:projectid/labels/default/clone', ...admin, cloneDefault(store));
  // An unknown language answers 200 with an empty body (`res.json(undefined)`).
  router.get('/:projectid/labels/default/:lang', (ctx) => sendJson(ctx.res, 200, defaultLabels().find((l) => l.lang === ctx.params.lang)));
  router.patch('/:projectid/labels/:lang/default', ...admin, makeDefault(store));
  router.post('/:projectid/labels', ...admin, post(store));
  router.delete('/:projectid/labels', ...admin, deleteAll(store));
  router.delete('/:projectid/labels/:lang', ...admin, deleteLanguage(store));
  router.get('/:projectid/labels', getAll(store));
  router.get('/:projectid/labels/:lang', getLanguage(store));
}
