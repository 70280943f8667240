/**
 * `/:pid/labels` (docs/service.md §5). Reads are public; writes need the admin role. The
 * fallback of `GET /:pid/labels/:lang` is the reference's, case-sensitive:
 * no project labels → the default EN entry whatever the language; otherwise the exact language,
 * else the project's `default: true` entry, else its EN entry, else the default EN.
 */
import type { LabelsResponse } from '../../src/api/wire.ts';
import { defaultLabels, FALLBACK_LANGUAGE } from './defaultLabels.ts';
import type { Request, Response, Router } from 'express';
import type { AuthDeps } from './credentials.ts';
import { protect } from './credentials.ts';
import { bodyOf, isRecord, principalOf, projectOf } from './httpContext.ts';
import { objectId } from './ids.ts';
import type { DemoMode } from './mode.ts';
import type { Store } from './store.ts';
import { nowIso } from './store.ts';
import type { LabelDoc, LabelEntry } from './types.ts';

function pivot(): LabelEntry {
  return defaultLabels().find((l) => l.lang === FALLBACK_LANGUAGE) as LabelEntry;
}

/** `labelService.getLanguage` over a project's label document (`undefined`: it has none). */
export function labelsFor(labels: LabelDoc | undefined, lang: string): LabelEntry {
  if (!labels) return pivot();
  return (
    labels.data.find((l) => l.lang === lang) ?? labels.data.find((l) => l.default === true) ?? labels.data.find((l) => l.lang === FALLBACK_LANGUAGE) ?? pivot()
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

/** The project's labels as served: none at all in reference mode (a stock deployment). */
function servedLabels(store: Store, mode: DemoMode, req: Request): LabelDoc | undefined {
  return mode.isReference ? undefined : store.labelsOf(projectOf(req)._id);
}

/** Answers like the reference after a write: as `GET /:pid/labels/:lang`. */
function answerLanguage(req: Request, res: Response, store: Store, lang: string): void {
  res.json(labelsFor(store.labelsOf(projectOf(req)._id), lang));
}

function post(store: Store) {
  return (req: Request, res: Response): void => {
    const body = bodyOf(req);
    const lang = String(body.lang);
    const data = isRecord(body.data) ? (body.data as LabelInput['data']) : {};
    upsertLabels(store, projectOf(req)._id, { lang, data, default: body.default === true ? true : undefined }, principalOf(req).id);
    answerLanguage(req, res, store, lang);
  };
}

/** `POST /:pid/labels/default/clone {lang}`: copies a default language (or EN renamed) in. */
function cloneDefault(store: Store) {
  return (req: Request, res: Response): void => {
    const body = bodyOf(req);
    if (body.lang === undefined || body.lang === null || String(body.lang) === '') {
      res.status(422).json({ errors: [{ ...(body.lang === undefined ? {} : { value: body.lang }), msg: 'Invalid value', param: 'lang', location: 'body' }] });
      return;
    }
    const lang = String(body.lang);
    const source = defaultLabels().find((l) => l.lang === lang) ?? { ...pivot(), lang };
    upsertLabels(store, projectOf(req)._id, { lang, data: source.data }, principalOf(req).id);
    res.json(store.labelsOf(projectOf(req)._id));
  };
}

function makeDefault(store: Store) {
  return (req: Request, res: Response): void => {
    const doc = store.labelsOf(projectOf(req)._id);
    if (!doc) {
      res.status(404).json({ success: false, msg: 'Lang not found' });
      return;
    }
    const lang = req.params.lang ?? '';
    doc.data.forEach((l) => (l.default = false));
    const entry = doc.data.find((l) => l.lang === lang);
    if (entry) entry.default = true;
    store.touch(doc);
    answerLanguage(req, res, store, lang);
  };
}

function deleteAll(store: Store) {
  return (req: Request, res: Response): void => {
    const before = store.data.labels.length;
    store.data.labels = store.data.labels.filter((l) => l.id_project !== projectOf(req)._id);
    store.changed();
    const n = before - store.data.labels.length;
    res.json({ n, ok: 1, deletedCount: n });
  };
}

function deleteLanguage(store: Store) {
  return (req: Request, res: Response): void => {
    const doc = store.labelsOf(projectOf(req)._id);
    const lang = req.params.lang ?? '';
    const entry = doc?.data.find((l) => l.lang === lang);
    if (!doc || !entry) {
      res.status(404).json({ success: false, msg: 'Object not found.' });
      return;
    }
    if (entry.default === true) {
      res.status(400).json({ success: false, msg: "You can't delete the default language." });
      return;
    }
    doc.data = doc.data.filter((l) => l !== entry);
    store.touch(doc);
    answerLanguage(req, res, store, lang);
  };
}

export function registerLabels(router: Router, deps: AuthDeps, mode: DemoMode): void {
  const { store } = deps;
  const admin = protect(deps, 'admin');
  router.get('/:projectid/labels/default', (_req, res) => res.json(defaultLabels()));
  router.post('/:projectid/labels/default/clone', admin, cloneDefault(store));
  // An unknown language answers 200 with an empty body (`res.json(undefined)`).
  router.get('/:projectid/labels/default/:lang', (req, res) => res.json(defaultLabels().find((l) => l.lang === req.params.lang)));
  router.patch('/:projectid/labels/:lang/default', admin, makeDefault(store));
  router.post('/:projectid/labels', admin, post(store));
  router.delete('/:projectid/labels', admin, deleteAll(store));
  router.delete('/:projectid/labels/:lang', admin, deleteLanguage(store));
  router.get('/:projectid/labels', (req, res) => res.json(servedLabels(store, mode, req) ?? {}));
  router.get('/:projectid/labels/:lang', (req, res) => res.json(labelsFor(servedLabels(store, mode, req), req.params.lang ?? '') satisfies LabelsResponse));
}
