import type { AttachmentButton, MessageAttributes } from '../api/wire.ts';
import type { ChatMessage } from './chatMessage.ts';
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

export function buttonsOf(attributes: MessageAttributes | undefined): AttachmentButton[] {
  const buttons = attributes?.attachment?.buttons;
  return Array.isArray(buttons) ? buttons.filter((b): b is AttachmentButton => !!b && typeof b === 'object' && typeof b.type === 'string').slice(0, 20) : [];
}

/**
 * Text and action buttons answer the conversation's current question, so they live only on the
 * latest message and only until one is used; url buttons are links and stay.
 */
export function buttonsEnabled(message: ChatMessage, latestKey: string | undefined, used: ReadonlySet<string>): boolean {
  return message.key === latestKey && !used.has(message.key);
}

export function isReplyButton(button: AttachmentButton): boolean {
  return button.type === 'text' || button.type === 'action';
}
