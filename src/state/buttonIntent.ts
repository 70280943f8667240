/**
 * What a reply button does when pressed, apart from which buttons a message shows (attachments.ts):
 * only the quick replies' view (ui/QuickReplies.tsx, loaded on demand) asks, so this, and the URL
 * rules it needs (safeUrl.ts), are not part of a first open.
 */
import type { AttachmentButton, MessageAttributes } from '../api/wire.ts';
import { safeLinkUrl, safeNavigationTarget } from './safeUrl.ts';

/**
 * What a reply button does (docs/public-api.md §3):
 * - `text` sends its `value` as the visitor's message;
 * - `url` opens `link` (http/https only) in the named target;
 * - `action` sends `value` with `attributes.action`, its echo hidden unless `show_echo`.
 */
export type ButtonIntent =
  | { kind: 'send'; text: string; attributes: MessageAttributes; metadata?: Record<string, unknown> }
  | { kind: 'open'; url: string; target: '_blank' | '_parent' | '_self' }
  | { kind: 'none' };

export function buttonIntent(button: AttachmentButton): ButtonIntent {
  const value = typeof button.value === 'string' ? button.value : '';
  switch (button.type) {
    case 'text':
      return value.trim() ? { kind: 'send', text: value, attributes: {}, metadata: { button: true } } : { kind: 'none' };
    case 'action': {
      const action = typeof button.action === 'string' ? button.action : value;
      if (!action && !value) return { kind: 'none' };
      // The service hides `subtype: info` from end-user channels: that is how the echo disappears.
      return { kind: 'send', text: value || action, attributes: { action, ...(button.show_echo ? {} : { subtype: 'info' }) } };
    }
    case 'url': {
      const url = safeLinkUrl(typeof button.link === 'string' ? button.link : '');
      return url && /^https?:/i.test(url) ? { kind: 'open', url, target: safeNavigationTarget(button.target) } : { kind: 'none' };
    }
    default:
      return { kind: 'none' };
  }
}

export function isReplyButton(button: AttachmentButton): boolean {
  return button.type === 'text' || button.type === 'action';
}
