/** Times and days in the visitor's language with Intl. */
function formatter(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(lang || undefined, options);
  } catch {
    return new Intl.DateTimeFormat(undefined, options);
  }
}

/** "2:30 PM", "14:30": the language's own clock, with no leading zero on the hour. */
export function createTimeFormatter(lang: string): (ms: number) => string {
  const format = formatter(lang, { hour: 'numeric', minute: '2-digit' });
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

/** "Today", or the date; used for the separators between days in the message list. */
export function createDayFormatter(lang: string, today: string): (ms: number, now?: number) => string {
  const format = formatter(lang, { weekday: 'long', day: 'numeric', month: 'long' });
  return (ms, now = Date.now()) => capitalized(dayKey(ms) === dayKey(now) ? today : format.format(new Date(ms)), lang);
}

export function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

export function isoTime(ms: number): string {
  return ms > 0 ? new Date(ms).toISOString() : '';
}
