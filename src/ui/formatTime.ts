/** Times in the visitor's language with Intl; a formatter per language, cached per call site. */
export function createTimeFormatter(lang: string): (ms: number) => string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(lang || undefined, { hour: '2-digit', minute: '2-digit' });
  } catch {
    format = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
  }
  return (ms) => (ms > 0 ? format.format(new Date(ms)) : '');
}

export function isoTime(ms: number): string {
  return ms > 0 ? new Date(ms).toISOString() : '';
}
