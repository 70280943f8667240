import { replyTimeText } from '../state/replyTime.ts';
import { Avatar } from './Avatar.tsx';
import { translator, useWidget, type WidgetView } from './context.ts';

/** The available agents' faces, overlapping (at most five, see project.ts). */
export function Team({ class: className }: { class: string }) {
  const { project } = useWidget();
  const team = project.team.value;
  if (!team.length) return null;
  return (
    <span class={`team ${className}`} aria-hidden="true">
      {team.map((member) => (
        <Avatar key={member.id} id={member.id} name={member.name} />
      ))}
    </span>
  );
}

/** "Online · We usually reply in 3 minutes", or "Away"; the service's labels word both. */
export function statusLine(widget: WidgetView): { online: boolean | null; status: string; reply: string } {
  const { availability, project, lang } = widget;
  const t = translator(widget);
  const state = availability.value.status;
  const online = state === 'open' ? true : state === 'unknown' ? null : false;
  const ms = project.replyTime.value;
  return {
    online,
    status: online === null ? '' : t(online ? 'AGENT_AVAILABLE' : 'AGENT_NOT_AVAILABLE'),
    reply: online === false ? '' : ms !== null ? t('WAITING_TIME_FOUND', { reply_time: replyTimeText(ms, lang.value) }) : t('WAITING_TIME_NOT_FOUND'),
  };
}

export function StatusLine() {
  const widget = useWidget();
  const { online, status, reply } = statusLine(widget);
  return (
    <p class="status-line">
      {online !== null && <span class={`presence-dot${online ? ' is-online' : ''}`} aria-hidden="true" />}
      <span class="status-text">
        {status}
        {status && reply && ' · '}
        {reply}
      </span>
    </p>
  );
}
