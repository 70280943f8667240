import { replyTimeText } from '../state/replyTime.ts';
import { useT, useWidget } from './context.ts';

/**
 * "We usually reply in 3 minutes": the time in words (Intl's unit format, replyTime.ts). Its code
 * comes once the service told a reply time (after the window's first paint, when its answer comes):
 * until then the line says what it said before that answer (Presence.tsx).
 */
export function ReplyTime({ ms }: { ms: number }) {
  const { lang } = useWidget();
  const t = useT();
  return <>{t('WAITING_TIME_FOUND', { reply_time: replyTimeText(ms, lang.value) })}</>;
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default ReplyTime;
