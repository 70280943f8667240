import type { enOfViews } from './en-views.ts';

/**
 * The widget's own English texts (written by the Porchlight team). Keys are the service's label
 * keys where the service has one (docs/service.md §5), so `GET /{pid}/labels/EN` overrides them.
 * Here the texts a first open may show; those only views loaded on demand show are in en-views.ts.
 */
const en = {
  LABEL_PLACEHOLDER: 'Type your message…',
  WELCOME_TITLE: 'Hi there 👋',
  WELCOME_MSG: 'Ask us anything — we usually reply in a few minutes.',
  MINIMIZE: 'Minimize',
  BUTTON_OPEN_CHAT: 'Open chat',
  BUTTON_CLOSE_CHAT: 'Close chat',
  BUTTON_SEND_MESSAGE: 'Send',
  BUTTON_ATTACH_FILE: 'Attach a file',
  CONVERSATION_LOG_LABEL: 'Conversation',
  CHAT_WINDOW_LABEL: 'Support chat',
  YOU: 'You',
  SUPPORT_LABEL: 'Support',
  MESSAGE_SENDING: 'Sending…',
  // A message whose attempt failed, tried again by itself (docs/delivery.md).
  MESSAGE_WAITING: 'Waiting to send…',
  UNREAD_COUNT_one: '{{count}} unread message',
  UNREAD_COUNT_other: '{{count}} unread messages',
  LABEL_TODAY: 'Today',
  CONNECTION_NETWORK_ERROR: 'You are offline. Messages will be sent when the connection is back.',
  INFO_SUPPORT_CHAT_CLOSED: 'The conversation was closed',
  INFO_SUPPORT_CHAT_REOPENED: 'The conversation was reopened',
  INFO_SUPPORT_MEMBER_JOINED: '{{fullname}} joined the conversation',
  INFO_MEMBER_LEFT: 'An agent left the conversation',
  // The header's options menu button (OptionsMenu.tsx).
  OPTIONS: 'More options',
  INPUT_DISABLED: 'Please choose one of the options above.',
  WAITING_TIME_FOUND: 'We usually reply in {{reply_time}}',
  WAITING_TIME_NOT_FOUND: 'We will reply as soon as we can',
  AGENT_AVAILABLE: 'Online',
  AGENT_NOT_AVAILABLE: 'Away',
  SIGNED_IN_AS: 'You are now signed in as {{name}}. This conversation goes on under your account.',
  SIGNED_IN: 'You are now signed in. This conversation goes on under your account.',
} as const;

/** en.ts's keys and those of the texts only views loaded on demand show (en-views.ts). */
export type LabelKey = keyof typeof en | keyof typeof enOfViews;
export default en;
