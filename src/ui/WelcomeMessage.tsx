import { translator, useWidget } from './context.ts';
import { lazyView } from './lazyView.tsx';

// Comes with the offline notice: both show only outside opening hours.
const ClosedWelcome = lazyView<{ class: string }>(() => import('./OfflineNotice.tsx').then((m) => ({ default: m.ClosedWelcome })));

/**
 * The welcome's message (the conversation, the department step, the home screen): the project's, or
 * ours, while the team can be reached; outside opening hours, when it is back and where to leave an
 * email (OfflineNotice.tsx), never the promise of a reply within minutes.
 */
export function WelcomeMessage({ class: className }: { class: string }) {
  const widget = useWidget();
  if (widget.availability.value.status === 'closed') return <ClosedWelcome.View class={className} />;
  const t = translator(widget);
  return <p class={className}>{widget.settings.value.welcomeMsg || t('WELCOME_MSG')}</p>;
}
