import type { WireDepartment } from '../api/wire.ts';

/**
 * Which departments the visitor chooses from (docs/service.md §8, as the official widget does):
 * the default one is hidden, and so are departments the service marks invisible.
 */
export function selectableDepartments(departments: readonly WireDepartment[]): WireDepartment[] {
  return departments.filter((d) => !d.default && d.status !== 0 && typeof d.name === 'string' && d.name.trim());
}

/**
 * The department of a new conversation without asking, or `'ask'` when the visitor must choose:
 * the page's `departmentID` when it exists, the only selectable one, or none (the service then
 * routes to its default department).
 */
export function preselectedDepartment(departments: readonly WireDepartment[], departmentID: string): WireDepartment | null | 'ask' {
  if (departmentID) {
    const named = departments.find((d) => d._id === departmentID || d.id === departmentID);
    if (named) return named;
  }
  const selectable = selectableDepartments(departments);
  if (selectable.length === 0) return null;
  if (selectable.length === 1) return selectable[0]!;
  return 'ask';
}
