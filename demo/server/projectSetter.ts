/**
 * The reference's catch-all `app.use('/:projectid/', [projectIdSetter, projectSetter, …,
 * projectBanUserFilter])`: every path not answered by a root router is taken as
 * `/<project id>/…`, so `/files/users` answers `400 {"error":"Invalid project id: files"}`.
 */
import type { RequestHandler } from 'express';
import { decodeClaims } from './credentials.ts';
import { castObjectId, isValidObjectId } from './ids.ts';
import type { Store } from './store.ts';

export function projectSetter(store: Store): RequestHandler {
  return (req, res, next) => {
    const projectId = req.params.projectid ?? '';
    if (!isValidObjectId(projectId)) {
      res.status(400).json({ error: `Invalid project id: ${projectId}` });
      return;
    }
    const project = store.activeProject(castObjectId(projectId));
    if (!project) {
      res.status(400).json({ error: `Project not found with id: ${projectId}` });
      return;
    }
    req.project = project;
    next();
  };
}

/** `projectBanUserFilter`: the (unverified) token's `_id` listed in `project.bannedUsers`. */
export const banFilter: RequestHandler = (req, res, next) => {
  const parts = req.headers.authorization?.split(' ');
  const claims = parts?.length === 2 && parts[1] ? decodeClaims(parts[1]) : null;
  const banned = req.project?.bannedUsers ?? [];
  if (claims?._id && banned.some((b) => b.id === claims._id)) {
    res.status(401).json({ err: 'error projectBanUserFilter by id' });
    return;
  }
  next();
};
