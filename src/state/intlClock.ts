import { dayKey, type ChatClock } from './formatTime.ts';

/** The time of day and the date of a separator, as `Intl.DateTimeFormat` options. */
export const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
export const DAY_OPTIONS: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };

/** Intl's format of `options` in `lang`, or in the browser's language where Intl does not know `lang`. */
export function formatter(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(lang || undefined, options);
  } catch {
    return new Intl.DateTimeFormat(undefined, options);
  }
}

/**
 * A clock's rules, whoever writes its dates (Intl here, kept names in clockNames.ts): no time for
 * an unknown one (0), "today" for the day it is, and a separator's capital.
 */
export function clockOf(lang: string, today: string, write: { time(date: Date): string; date(date: Date): string }): ChatClock {
  return {
    time: (ms) => (ms > 0 ? write.time(new Date(ms)) : ''),
    day: (ms, now = Date.now()) => capitalized(dayKey(ms) === dayKey(now) ? today : write.date(new Date(ms)), lang),
  };
}

/** "2:30 PM", "14:30": the language's own clock, with no leading zero on the hour. */
export function createTimeFormatter(lang: string): (ms: number) => string {
  const format = formatter(lang, TIME_OPTIONS);
  return (ms) => (ms > 0 ? format.format(new Date(ms)) : '');
}

/** A separator starts a line: its first letter is a capital (the service's label is "today"). */
function capitalized(text: string, lang: string): string {
  const first = [...text][0] ?? '';
  try {
    return first.toLocaleUpperCase(lang || undefined) + text.slice(first.length);
  } catch {
    return first.toUpperCase() + text.slice(first.length);
  }
}

/** The clock of `lang` made with Intl (the first one a page makes loads Intl's date data: clockNames.ts). */
export function intlClock(lang: string, today: string, timeFormat = formatter(lang, TIME_OPTIONS), dayFormat = formatter(lang, DAY_OPTIONS)): ChatClock {
  return clockOf(lang, today, { time: (date) => timeFormat.format(date), date: (date) => dayFormat.format(date) });
}
