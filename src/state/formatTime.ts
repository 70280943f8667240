/** A chat's times and days in the visitor's language: "2:30 PM", "Today", "Friday 27 November". */
export interface ChatClock {
  /** The time of day; '' for an unknown time (0). */
  time(ms: number): string;
  /** "Today" (the service's label, capitalised) or the date, for the separators between days. */
  day(ms: number, now?: number): string;
}

export function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

export function isoTime(ms: number): string {
  return ms > 0 ? new Date(ms).toISOString() : '';
}
