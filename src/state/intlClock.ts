import { dayKey, type ChatClock } from './formatTime.ts';

/** "2:30 PM", "14:30": the language's own clock, with no leading zero on the hour. */
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

export function createTimeFormatter(lang: string): (ms: number) => string {
  const format = formatter(lang, TIME_OPTIONS);
  return (ms) => (ms > 0 ? format.format(new Date(ms)) : '');
}

/** A separator starts a line: its first letter is a capital (the service's label is "today"). */
export function capitalized(text: string, lang: string): string {
  const first = [...text][0] ?? '';
  try {
    return first.toLocaleUpperCase(lang || undefined) + text.slice(first.length);
  } catch {
    return first.toUpperCase() + text.slice(first.length);
  }
}

/** "Today", or the date; used for the separators between days in the message list. */
export function createDayFormatter(lang: string, today: string): (ms: number, now?: number) => string {
  const format = formatter(lang, DAY_OPTIONS);
  return (ms, now = Date.now()) => capitalized(dayKey(ms) === dayKey(now) ? today : format.format(new Date(ms)), lang);
}

/** The clock of `lang` made with Intl (the first one a page makes loads Intl's date data: clockNames.ts). */
export function intlClock(lang: string, today: string): ChatClock {
  return { time: createTimeFormatter(lang), day: createDayFormatter(lang, today) };
}
