import offlineNoticeCss from './OfflineNotice.css?inline';
import { translator, WidgetContext, type WidgetView } from './context.ts';

/** "We are closed" / "nobody is available", with the next opening in the visitor's language. */
export function OfflineNotice(_props: object, widget: WidgetView) {
  widget.adoptCss(offlineNoticeCss);
  const { availability, intake, lang } = widget;
  const t = translator(widget);
  const state = availability.value;
  if (state.status !== 'closed' && state.status !== 'no-agents') return null;
  const departmentMessage = intake.department.value?.offline_msg;
  const text = departmentMessage?.trim() || t(state.status === 'closed' ? 'LABEL_FIRST_MSG_OPERATING_HOURS_CLOSED' : 'LABEL_FIRST_MSG_NO_AGENTS');
  let when = '';
  if (state.status === 'closed' && state.nextOpening) {
    try {
      when = new Intl.DateTimeFormat(lang.value, { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(state.nextOpening));
    } catch {
      when = new Date(state.nextOpening).toLocaleString();
    }
  }
  return (
    <div part="offline-notice" class="offline-notice" role="status">
      <p>{text}</p>
      {when && <p class="next-opening">{t('OFFLINE_NEXT_OPENING', { when })}</p>}
    </div>
  );
}
OfflineNotice.contextType = WidgetContext;

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default OfflineNotice;
