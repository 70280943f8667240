/**
 * `/projects/:pid…` (docs/service.md §3–§4). This router sits before the project catch-all, so
 * its errors are its own: `isopen` reports `{errorCode, msg}` objects, not the 400 of
 * `projectSetter`.
 */
import type { IsOpenResponse } from '../../src/api/wire.ts';
import { RequestStatus } from '../../src/api/wire.ts';
import type { Request, Response, Router } from 'express';
import type { AuthDeps } from './credentials.ts';
import { protect } from './credentials.ts';
import { queryText } from './httpContext.ts';
import { castObjectId, isHexObjectId, isValidObjectId } from './ids.ts';
import type { OpenResult } from './operatingHours.ts';
import { projectIsOpenNow, slotIsOpenNow } from './operatingHours.ts';
import { projectJson } from './projectModel.ts';
import type { Store } from './store.ts';

/** Opening state of a project by raw id: a non-ObjectId is error 1000, a missing one 1010. */
function openingOf(store: Store, rawId: string, slot: string | undefined): OpenResult {
  if (!isValidObjectId(rawId)) return { error: { errorCode: 1000, msg: 'Error getting object.' } };
  const project = store.activeProject(castObjectId(rawId));
  if (slot && project) return slotIsOpenNow(project, slot);
  return projectIsOpenNow(project, rawId);
}

function isOpen(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const slot = queryText(req, 'timeSlot');
    const opening = openingOf(deps.store, req.params.projectid ?? '', slot);
    if ('error' in opening) {
      // The time-slot variant names the key `error`, the main one `msg`.
      res.status(500).json(slot ? { success: false, error: opening.error } : { success: false, msg: opening.error });
      return;
    }
    res.json({ isopen: opening.open } satisfies IsOpenResponse);
  };
}

/** Open requests where the agent takes part: the demo's `number_assigned_requests`. */
function assignedCount(store: Store, projectId: string, userId: string): number {
  return store.data.requests.filter((r) => r.id_project === projectId && r.status < RequestStatus.CLOSED && r.participantsAgents.includes(userId)).length;
}

/**
 * `GET /projects/:pid/users/availables`: any non-empty `raw` skips the hours check; no
 * `status: active` filter here (unlike /widgets); `fullname` reads "Ann undefined" without a
 * last name (sic, kept).
 */
function availables(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const rawId = req.params.projectid ?? '';
    if (!queryText(req, 'raw')) {
      const opening = openingOf(deps.store, rawId, undefined);
      if ('error' in opening) {
        res.status(500).json({ success: false, msg: opening.error });
        return;
      }
      if (!opening.open) {
        res.json([]);
        return;
      }
    }
    const departmentId = queryText(req, 'department');
    if (departmentId && !(isHexObjectId(departmentId) && deps.store.department(departmentId.toLowerCase()))) {
      res.status(404).json({ success: false, error: `Department ${departmentId} not found` });
      return;
    }
    const projectId = isValidObjectId(rawId) ? castObjectId(rawId) : rawId;
    const agents = deps.store.agentsOf(projectId).filter((pu) => pu.user_available && pu.id_user);
    const body = agents.flatMap((pu) => {
      const user = deps.store.user(pu.id_user as string);
      if (!user) return [];
      const fullname = `${user.firstname} ${user.lastname}`;
      return [{ id: user._id, pu_id: pu._id, fullname, email: user.email, assigned_request: assignedCount(deps.store, projectId, user._id) }];
    });
    res.json(body);
  };
}

function getProject(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const rawId = req.params.projectid ?? '';
    const project = isValidObjectId(rawId) ? deps.store.project(castObjectId(rawId)) : undefined;
    if (!project) {
      res.status(404).json({ success: false, msg: 'Object not found.' });
      return;
    }
    res.json(projectJson(project));
  };
}

export function registerProjects(router: Router, deps: AuthDeps): void {
  router.get('/projects/:projectid/isopen', isOpen(deps));
  router.get('/projects/:projectid/users/availables', availables(deps));
  router.get('/projects/:projectid', protect(deps, 'agent', ['subscription']), getProject(deps));
}
