import { dayKey } from '../state/formatTime.ts';
import { createTimeFormatter, formatter } from '../state/intlClock.ts';

const DAY_MS = 86_400_000;

/**
 * When a conversation last moved, as short as a list line allows: the time today, the weekday
 * within the week, else the date (with the year when it is not this year's).
 */
export function createConversationTime(lang: string): (ms: number, now: number) => string {
  const time = createTimeFormatter(lang);
  const weekday = formatter(lang, { weekday: 'short' });
  const date = formatter(lang, { day: 'numeric', month: 'short' });
  const dateYear = formatter(lang, { day: 'numeric', month: 'short', year: 'numeric' });
  return (ms, now) => {
    if (ms <= 0) return '';
    if (dayKey(ms) === dayKey(now)) return time(ms);
    if (now - ms < 6 * DAY_MS) return weekday.format(new Date(ms));
    return (new Date(ms).getFullYear() === new Date(now).getFullYear() ? date : dateYear).format(new Date(ms));
  };
}
