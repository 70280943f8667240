import { laterView } from './lazyView.tsx';

/**
 * The launcher's unread count, with its styles: a first open never shows it (the visitor is in the
 * window). It comes with the later views, prefetched at idle once the window opens (ChatWindow), so
 * a reply after the visitor closed the window counts on the badge at once.
 */
const UnreadBadgeView = laterView('UnreadBadge');

export const UnreadBadge = UnreadBadgeView.View;
export const prefetchUnreadBadge = UnreadBadgeView.prefetch;
