import { lazyView } from './lazyView.tsx';

/**
 * A message's buttons, with their code and styles fetched for the first message that has some (or
 * at idle once the window is open): most conversations have none.
 */
const QuickRepliesView = lazyView(() => import('./QuickReplies.tsx'));

export const QuickReplies = QuickRepliesView.View;
export const prefetchQuickReplies = QuickRepliesView.prefetch;
