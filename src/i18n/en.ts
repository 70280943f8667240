/**
 * The widget's own English texts (written by the Porchlight team). Keys are the service's label
 * keys where the service has one (server-contract §5), so `GET /{pid}/labels/EN` overrides them.
 */
const en = {
  LABEL_PLACEHOLDER: 'Type your message…',
  LABEL_START_NW_CONV: 'New conversation',
  WELCOME_TITLE: 'Hi there 👋',
  WELCOME_MSG: 'Ask us anything — we usually reply in a few minutes.',
  CLOSE: 'Close',
  MINIMIZE: 'Minimize',
  BUTTON_OPEN_CHAT: 'Open chat',
  BUTTON_CLOSE_CHAT: 'Close chat',
  BUTTON_SEND_MESSAGE: 'Send',
  CONVERSATION_LOG_LABEL: 'Conversation',
  CHAT_WINDOW_LABEL: 'Support chat',
  YOU: 'You',
  GUEST_LABEL: 'Guest',
  SUPPORT_LABEL: 'Support',
  MESSAGE_SENDING: 'Sending…',
  MESSAGE_SENT: 'Sent',
  MESSAGE_FAILED: 'Not sent',
  BUTTON_RETRY: 'Retry',
  BUTTON_DELETE: 'Delete',
  UNREAD_COUNT_one: '{{count}} unread message',
  UNREAD_COUNT_other: '{{count}} unread messages',
  NEW_MESSAGE_FROM: 'New message from {{name}}',
  LABEL_TODAY: 'Today',
  LABEL_LOADING: 'Loading…',
  CONNECTION_NETWORK_ERROR: 'You are offline. Messages will be sent when the connection is back.',
  EMPTY_CONVERSATION: 'Send us a message and we will get back to you.',
} as const;

export type LabelKey = keyof typeof en;
export default en;
