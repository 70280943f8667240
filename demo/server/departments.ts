/** `/:pid/departments` (server-contract §8): public reads for the widget, `allstatus` for agents. */
import type { Ctx } from './http.ts';
import { sendJson } from './http.ts';
import { isHexObjectId } from './ids.ts';
import type { AuthDeps } from './passport.ts';
import { protect } from './passport.ts';
import type { Router } from './router.ts';
import { departmentJson } from './serialize.ts';
import type { ProjectDoc } from './types.ts';
import { widgetDepartments } from './widgets.ts';

function listVisible(deps: AuthDeps) {
  return (ctx: Ctx): void => {
    const project = ctx.locals.project as ProjectDoc;
    let departments = widgetDepartments(deps.store, project);
    if (ctx.query.has('sort')) departments = [...departments].sort((a, b) => a.name.localeCompare(b.name));
    sendJson(ctx.res, 200, departments.map(departmentJson));
  };
}

function listAll(deps: AuthDeps) {
  return (ctx: Ctx): void => {
    const project = ctx.locals.project as ProjectDoc;
    const departments = deps.store.departmentsOf(project._id).filter((d) => d.status >= 0);
    sendJson(ctx.res, 200, departments.map(departmentJson));
  };
}

/** By `_id` without a project check (sic); `default` → the project's default or `null`. */
function getOne(deps: AuthDeps) {
  return (ctx: Ctx): void => {
    const project = ctx.locals.project as ProjectDoc;
    const id = ctx.params.id ?? '';
    if (id === 'default') {
      const fallback = deps.store.departmentsOf(project._id).find((d) => d.default);
      sendJson(ctx.res, 200, fallback ? departmentJson(fallback) : null);
      return;
    }
    if (!isHexObjectId(id)) {
      sendJson(ctx.res, 500, { success: false, msg: 'Error getting object.' });
      return;
    }
    const department = deps.store.department(id.toLowerCase());
    if (!department) {
      sendJson(ctx.res, 404, { success: false, msg: 'Object not found.' });
      return;
    }
    sendJson(ctx.res, 200, departmentJson(department));
  };
}

export function registerDepartments(router: Router, deps: AuthDeps): void {
  router.get('/:projectid/departments/allstatus', ...protect(deps, 'agent', ['bot', 'subscription']), listAll(deps));
  router.get('/:projectid/departments', listVisible(deps));
  router.get('/:projectid/departments/:id', getOne(deps));
}
