/**
 * The reference's catch-all `app.use('/:projectid/', [projectIdSetter, projectSetter, …,
 * projectBanUserFilter])`: every path not answered by a root router is taken as
 * `/<project id>/…`, so `/files/users` answers `400 {"error":"Invalid project id: files"}`.
 */
import { sendJson } from './http.ts';
import { castObjectId, isValidObjectId } from './ids.ts';
import { decodeJwt } from './jwt.ts';
import { NEXT, type Handler } from './router.ts';
import type { Store } from './store.ts';

export function projectSetter(store: Store): Handler {
  return (ctx) => {
    const projectId = ctx.params.projectid ?? '';
    if (!isValidObjectId(projectId)) {
      sendJson(ctx.res, 400, { error: `Invalid project id: ${projectId}` });
      return;
    }
    const project = store.activeProject(castObjectId(projectId));
    if (!project) {
      sendJson(ctx.res, 400, { error: `Project not found with id: ${projectId}` });
      return;
    }
    ctx.locals.project = project;
    return NEXT;
  };
}

/** `projectBanUserFilter`: the (unverified) token's `_id` listed in `project.bannedUsers`. */
export const banFilter: Handler = (ctx) => {
  const parts = ctx.req.headers.authorization?.split(' ');
  const claims = parts?.length === 2 && parts[1] ? decodeJwt(parts[1]) : null;
  const banned = ctx.locals.project?.bannedUsers ?? [];
  if (claims?._id && banned.some((b) => b.id === claims._id)) {
    sendJson(ctx.res, 401, { err: 'error projectBanUserFilter by id' });
    return;
  }
  return NEXT;
};
