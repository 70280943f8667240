/**
 * What the widget tells the visitor about being answered. Without operating hours it follows the
 * agents alone (this file, on every open); with hours the rules of `operatingHours.ts` decide,
 * downloaded only for projects that have hours.
 */
export type Availability = { status: 'open' } | { status: 'closed'; nextOpening: number | null } | { status: 'no-agents' } | { status: 'unknown' };

export interface AvailabilityInput {
  activeOperatingHours?: unknown;
  operatingHours?: unknown;
  userAvailable: boolean | null;
}

/** Whether the project's hours have a say (then `operatingHours.ts` is needed). */
export function hasOperatingHours(input: AvailabilityInput): boolean {
  return input.activeOperatingHours === true;
}

/** The verdict when the hours do not close the project: the agents' availability. */
export function agentsAvailability(userAvailable: boolean | null): Availability {
  if (userAvailable === false) return { status: 'no-agents' };
  return userAvailable === null ? { status: 'unknown' } : { status: 'open' };
}
