/**
 * `GET /:pid/widgets` (docs/service.md §3): the widget's public bootstrap. `user_available` is
 * `[]` whenever the project is closed, whatever the agents' own availability.
 */
import type { WidgetsResponse } from '../../src/api/wire.ts';
import type { Request, Response, Router } from 'express';
import { projectOf, remoteIp } from './httpContext.ts';
import type { DemoMode } from './mode.ts';
import { projectIsOpenNow } from './operatingHours.ts';
import { isDegradedPlan, widgetProjectJson } from './projectModel.ts';
import { departmentJson } from './serialize.ts';
import type { Store } from './store.ts';
import type { DepartmentDoc, ProjectDoc } from './types.ts';

/** Agents available now: open project, `user_available`, active. An error counts as closed. */
export function availableAgents(store: Store, project: ProjectDoc, now: number = Date.now()): WidgetsResponse['user_available'] {
  const opening = projectIsOpenNow(project, project._id, now);
  if (!('open' in opening) || !opening.open) return [];
  return store
    .agentsOf(project._id)
    .filter((pu) => pu.user_available && pu.status === 'active' && pu.id_user)
    .flatMap((pu) => {
      const user = store.user(pu.id_user as string);
      return user ? [{ id: user._id, firstname: user.firstname }] : [];
    });
}

/** Departments the widget may list: `status: 1`, only the default one on a degraded plan. */
export function widgetDepartments(store: Store, project: ProjectDoc, now: number = Date.now()): DepartmentDoc[] {
  const degraded = isDegradedPlan(project, now);
  return store.departmentsOf(project._id).filter((d) => d.status === 1 && (!degraded || d.default));
}

function botsRules(store: Store, projectId: string): unknown[] {
  return store.data.bots.filter((b) => b.id_project === projectId && !b.trashed).flatMap((b) => b.attributes.rules ?? []);
}

function getWidgets(store: Store, mode: DemoMode) {
  return (req: Request, res: Response): void => {
    const project = projectOf(req);
    const body = {
      // Reference mode: the welcome texts as the service's dashboard writes them.
      project: widgetProjectJson(project, Date.now(), mode.isReference),
      user_available: availableAgents(store, project),
      departments: widgetDepartments(store, project).map(departmentJson),
      ip: remoteIp(req),
      botsRules: botsRules(store, project._id),
    };
    res.json(body satisfies WidgetsResponse);
  };
}

export function registerWidgets(router: Router, store: Store, mode: DemoMode): void {
  router.get('/:projectid/widgets', getWidgets(store, mode));
}
