import { Avatar } from './Avatar.tsx';
import { useWidget, useT } from './context.ts';
import { lazyView } from './lazyView.tsx';

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

/** Before the service tells a reply time, and while the words for the one it told load. */
function NoReplyTime() {
  return <>{useT()('WAITING_TIME_NOT_FOUND')}</>;
}

const ReplyTime = lazyView(() => import('./ReplyTime.tsx'), NoReplyTime);

/** "Online · We usually reply in 3 minutes", or "Away"; the service's labels word both. */
export function StatusLine() {
  const { availability, project } = useWidget();
  const t = useT();
  const state = availability.value.status;
  const online = state === 'open' ? true : state === 'unknown' ? null : false;
  const ms = project.replyTime.value;
  const status = online === null ? '' : t(online ? 'AGENT_AVAILABLE' : 'AGENT_NOT_AVAILABLE');
  return (
    <p class="status-line">
      {online !== null && <span class={`presence-dot${online ? ' is-online' : ''}`} aria-hidden="true" />}
      <span class="status-text">
        {status}
        {/* Away: when a reply may come is not said. */}
        {online !== false && (
          <>
            {status && ' · '}
            {ms !== null ? <ReplyTime.View ms={ms} /> : <NoReplyTime />}
          </>
        )}
      </span>
    </p>
  );
}
