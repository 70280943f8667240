import { translator, useWidget } from './context.ts';
import { CloseIcon, EndChatIcon } from './icons.tsx';
import { lazyView } from './lazyView.tsx';
import { StatusLine, Team } from './Presence.tsx';

// Only where a project offers it (`allowTranscriptDownload`, off by default).
const TranscriptButton = lazyView(() => import('./TranscriptButton.tsx'));
// Only for visitors with a home screen or several conversations.
const BackButton = lazyView(() => import('./BackButton.tsx'));

export function Header({ titleId }: { titleId: string }) {
  const widget = useWidget();
  const { title, intents, settings, conversation, conversations, ui } = widget;
  const t = translator(widget);
  const logo = settings.value.logoChat;
  const home = ui.screen.value === 'home';
  const hasMessages = !home && !!conversation.requestId.value && conversation.messages.value.length > 0;
  const canEnd = hasMessages && !conversation.closed.value;
  return (
    <header part="header" class="header">
      {!home && conversations.value && <BackButton.View />}
      {/^https?:\/\//i.test(logo) ? <img class="header-logo" src={logo} alt="" referrerpolicy="no-referrer" /> : null}
      <div class="header-text">
        <h2 id={titleId} class="header-title">
          {title.value}
        </h2>
        <StatusLine />
      </div>
      <Team class="header-team" />
      {hasMessages && settings.value.allowTranscriptDownload && <TranscriptButton.View />}
      {canEnd && (
        <button type="button" class="icon-button" aria-label={t('CLOSE_CHAT')} title={t('CLOSE_CHAT')} onClick={() => intents.confirmClose(true)}>
          <EndChatIcon />
        </button>
      )}
      {!settings.value.hideHeaderCloseButton && (
        <button type="button" part="close-button" class="icon-button" aria-label={t('MINIMIZE')} onClick={() => intents.close(true)}>
          <CloseIcon />
        </button>
      )}
    </header>
  );
}
