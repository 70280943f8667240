import { useState } from 'preact/hooks';
import { translator, useWidget } from './context.ts';
import { CloseIcon, MoreIcon } from './icons.tsx';
import { lazyView, laterView } from './lazyView.tsx';
import type { MenuFocus } from './OptionsMenu.tsx';
import { StatusLine, Team } from './Presence.tsx';

// The options menu's code comes with the later views, once the window is open: a first open draws only its button.
const OptionsMenu = laterView('OptionsMenu');
// Only for visitors with a home screen or several conversations.
const BackButton = lazyView(() => import('./BackButton.tsx'));

export function Header({ titleId }: { titleId: string }) {
  const widget = useWidget();
  const { title, settings, conversation, conversations, ui, intents } = widget;
  const t = translator(widget);
  // Open, and which item takes the focus (MenuFocus: ↑ opens on the last one).
  const [menu, setMenu] = useState<MenuFocus | null>(null);
  const logo = settings.value.logoChat;
  const home = ui.screen.value === 'home';
  const hasMessages = !home && !!conversation.requestId.value && conversation.messages.value.length > 0;
  const canEnd = hasMessages && !conversation.closed.value;
  const canSave = hasMessages && settings.value.allowTranscriptDownload;
  const options = canEnd || canSave;
  // Its items gone while open (the page reset the chat, an agent ended it): closed, not open again with the next conversation.
  if (!options && menu !== null) setMenu(null);
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
      {options && (
        <>
          <button
            type="button"
            part="options-button"
            class="icon-button"
            aria-label={t('OPTIONS')}
            aria-haspopup="menu"
            aria-expanded={menu !== null}
            onClick={() => setMenu(menu === null ? 0 : null)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
              e.preventDefault();
              setMenu(e.key === 'ArrowUp' ? -1 : 0);
            }}
          >
            <MoreIcon />
          </button>
          {menu !== null && <OptionsMenu.View focus={menu} canEnd={canEnd} canSave={canSave} setMenu={setMenu} />}
        </>
      )}
      {!settings.value.hideHeaderCloseButton && (
        <button type="button" part="close-button" class="icon-button" aria-label={t('MINIMIZE')} onClick={() => intents.close(true)}>
          <CloseIcon />
        </button>
      )}
    </header>
  );
}
