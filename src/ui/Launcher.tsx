import { translator, WidgetContext, type WidgetView } from './context.ts';
import { ChatIcon, ChevronDownIcon } from './icons.tsx';
import { UnreadBadge } from './unreadBadgeOnDemand.ts';

/** The round button in the corner: opens and closes the window, shows the unread count. */
export function Launcher({ buttonRef }: { buttonRef: { current: HTMLButtonElement | null } }, widget: WidgetView) {
  const { ui, intents, settings } = widget;
  const t = translator(widget);
  const open = ui.isOpen.value;
  const image = settings.value.baloonImage;
  const count = widget.unread.value;
  // The badge's number is part of the name, so what is seen is what is said (WCAG 2.5.3).
  const name = open ? t('BUTTON_CLOSE_CHAT') : count ? `${t('BUTTON_OPEN_CHAT')}, ${t('UNREAD_COUNT', { count })}` : t('BUTTON_OPEN_CHAT');
  return (
    <button
      ref={buttonRef}
      type="button"
      part="launcher"
      class="launcher"
      aria-label={name}
      aria-expanded={open}
      onClick={() => (open ? intents.close(true) : intents.open(true))}
    >
      {open ? (
        <ChevronDownIcon />
      ) : image && /^https?:\/\//i.test(image) ? (
        <img class="launcher-image" src={image} alt="" referrerpolicy="no-referrer" />
      ) : (
        <ChatIcon />
      )}
      {!open && count > 0 && <UnreadBadge count={count} />}
    </button>
  );
}
Launcher.contextType = WidgetContext;
