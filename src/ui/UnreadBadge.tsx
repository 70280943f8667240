import { useWidget } from './context.ts';
import css from './UnreadBadge.css?inline';

/**
 * The count on the launcher; the launcher's name says it in words (so the badge is hidden from AT).
 * A first open never shows it (the visitor is in the window): it comes with the later views
 * (laterViews.ts), prefetched once the window opens, or fetched when a count first shows.
 */
export function UnreadBadge({ count }: { count: number }) {
  const widget = useWidget();
  widget.adoptCss(css);
  return (
    <span part="unread-badge" class="unread-badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
