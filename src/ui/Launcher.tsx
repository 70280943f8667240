import { translator, useWidget } from './context.ts';
import { ChatIcon, ChevronDownIcon } from './icons.tsx';
import { UnreadBadge } from './unreadBadgeOnDemand.ts';

interface LauncherProps {
  buttonRef: { current: HTMLButtonElement | null };
  /** The window is on screen (not merely wanted open: it may be waiting for its history). */
  open: boolean;
  /** A click, at its `Event.timeStamp`: the widget decides what it means (App.tsx). */
  onClick(at: number): void;
}

/** The round button in the corner: says whether the window is open, shows the unread count. */
export function Launcher({ buttonRef, open, onClick }: LauncherProps) {
  const widget = useWidget();
  const { settings } = widget;
  const t = translator(widget);
  const image = settings.value.baloonImage;
  const count = widget.unread.value;
  // The badge's number is part of the name, so what is seen is what is said (WCAG 2.5.3).
  const name = open ? t('BUTTON_CLOSE_CHAT') : count ? `${t('BUTTON_OPEN_CHAT')}, ${t('UNREAD_COUNT', { count })}` : t('BUTTON_OPEN_CHAT');
  return (
    <button ref={buttonRef} type="button" part="launcher" class="launcher" aria-label={name} aria-expanded={open} onClick={(e) => onClick(e.timeStamp)}>
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
