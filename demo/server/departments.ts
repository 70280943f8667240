/** `/:pid/departments` (docs/service.md §8): public reads for the widget, `allstatus` for agents. */
import type { Request, Response, Router } from 'express';
import type { AuthDeps } from './credentials.ts';
import { protect } from './credentials.ts';
import { projectOf, queryText } from './httpContext.ts';
import { isHexObjectId } from './ids.ts';
import { departmentJson } from './serialize.ts';
import { widgetDepartments } from './widgets.ts';

function listVisible(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const project = projectOf(req);
    let departments = widgetDepartments(deps.store, project);
    if (queryText(req, 'sort') !== undefined) departments = [...departments].sort((a, b) => a.name.localeCompare(b.name));
    res.json(departments.map(departmentJson));
  };
}

function listAll(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const project = projectOf(req);
    const departments = deps.store.departmentsOf(project._id).filter((d) => d.status >= 0);
    res.json(departments.map(departmentJson));
  };
}

/** By `_id` without a project check (sic); `default` → the project's default or `null`. */
function getOne(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const project = projectOf(req);
    const id = req.params.id ?? '';
    if (id === 'default') {
      const fallback = deps.store.departmentsOf(project._id).find((d) => d.default);
      res.json(fallback ? departmentJson(fallback) : null);
      return;
    }
    if (!isHexObjectId(id)) {
      res.status(500).json({ success: false, msg: 'Error getting object.' });
      return;
    }
    const department = deps.store.department(id.toLowerCase());
    if (!department) {
      res.status(404).json({ success: false, msg: 'Object not found.' });
      return;
    }
    res.json(departmentJson(department));
  };
}

export function registerDepartments(router: Router, deps: AuthDeps): void {
  router.get('/:projectid/departments/allstatus', protect(deps, 'agent', ['bot', 'subscription']), listAll(deps));
  router.get('/:projectid/departments', listVisible(deps));
  router.get('/:projectid/departments/:id', getOne(deps));
}
