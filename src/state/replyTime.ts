/**
 * The typical reply time in words, in the visitor's language ("3 minutes", "2 hours"): rounded to
 * whole minutes (at least one) below an hour, to whole hours above. Intl's unit format words it, so
 * no locale needs its own plural rules for this.
 */
export function replyTimeText(ms: number, lang: string): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  const [value, unit] = minutes < 60 ? [minutes, 'minute'] : [Math.round(minutes / 60), 'hour'];
  const options: Intl.NumberFormatOptions = { style: 'unit', unit, unitDisplay: 'long' };
  try {
    return new Intl.NumberFormat(lang || undefined, options).format(value);
  } catch {
    return new Intl.NumberFormat(undefined, options).format(value);
  }
}
