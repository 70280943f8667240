import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { agentsAvailability, hasOperatingHours, type Availability } from '../../state/availability.ts';
import type * as HoursRulesModule from '../../state/operatingHours.ts';
import type { ProjectModel } from './project.ts';

type HoursRules = typeof HoursRulesModule;

/**
 * Open, closed by hours (with the next opening), or nobody available, re-evaluated with the clock.
 * The operating hours' rules come only for a project that has hours (state/availability.ts).
 */
export function createAvailability(project: Pick<ProjectModel, 'hours' | 'agentsAvailable'>, clock: ReadonlySignal<number>): ReadonlySignal<Availability> {
  const hoursRules = signal<HoursRules | null>(null);
  let hoursLoading = false;
  const loadHoursRules = () => {
    if (hoursLoading) return;
    hoursLoading = true;
    import('../../state/operatingHours.ts').then(
      (rules) => (hoursRules.value = rules),
      // Not downloaded (offline): the status stays unknown; the next change of hours tries again.
      () => (hoursLoading = false),
    );
  };
  return computed((): Availability => {
    const input = { ...project.hours.value, userAvailable: project.agentsAvailable.value };
    const rules = hoursRules.value;
    if (rules) return rules.availability(input, clock.value);
    if (!hasOperatingHours(input)) return agentsAvailability(input.userAvailable);
    // Not known until the hours' rules are here (a few milliseconds): no status rather than a wrong one.
    loadHoursRules();
    return { status: 'unknown' };
  });
}
