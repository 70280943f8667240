/**
 * English texts for keys the widget is about to use but that are not in en.ts yet (offline and
 * out-of-hours notices, the pre-chat form, the launcher callout, the preview samples). Every shipped
 * locale already translates them. When a key moves into en.ts, delete it here: the locales keep
 * their translation, and en.ts wins over this file anyway (see `loadLocale`).
 */
export const pendingEn = {
  LABEL_FIRST_MSG_OPERATING_HOURS_CLOSED: 'We are closed right now. Leave a message and we will reply as soon as we are back.',
  LABEL_FIRST_MSG_NO_AGENTS: 'No one is available right now. Leave a message and we will get back to you.',
  OFFLINE_NEXT_OPENING: 'We open again {{when}}.',
  LABEL_SELECT_TOPIC: 'What can we help you with?',
  LABEL_COMPLETE_FORM: 'Before we start, tell us who you are.',
  LABEL_FIELD_NAME: 'Name',
  LABEL_FIELD_EMAIL: 'Email',
  LABEL_ERROR_FIELD_NAME: 'Please enter your name.',
  LABEL_ERROR_FIELD_EMAIL: 'Please enter a valid email address.',
  LABEL_ERROR_FIELD_REQUIRED: 'This field is required.',
  CONTINUE: 'Continue',
  BACK: 'Back',
  CALLOUT_TITLE_PLACEHOLDER: 'Need help?',
  CALLOUT_MSG_PLACEHOLDER: 'Click here and start chatting with us!',
  BUTTON_CLOSE_CALLOUT: 'Dismiss',
  POWERED_BY_LABEL: 'Powered by',
  PREVIEW_SAMPLE_VISITOR: 'Hi! Do you ship to Canada?',
  PREVIEW_SAMPLE_AGENT: 'We do — orders arrive in 3–5 business days.',
  BUTTON_DISMISS_MESSAGE_PREVIEW: 'Dismiss message',
  BUTTON_EMOJI: 'Insert emoji',
  EMOJI_PICKER_LABEL: 'Emoji',
  EMOJI_SEARCH: 'Search emoji',
  EMOJI_NO_RESULTS: 'No emoji found',
  EMOJI_CATEGORY_SMILEYS: 'Smileys',
  EMOJI_CATEGORY_PEOPLE: 'People',
  EMOJI_CATEGORY_NATURE: 'Nature',
  EMOJI_CATEGORY_FOOD: 'Food',
  EMOJI_CATEGORY_ACTIVITIES: 'Activities',
  EMOJI_CATEGORY_TRAVEL: 'Travel',
  EMOJI_CATEGORY_OBJECTS: 'Objects',
  EMOJI_CATEGORY_SYMBOLS: 'Symbols',
  PREV_CONVERSATIONS: 'Your conversations',
  SHOW_OLDER_CONVERSATIONS: 'Older conversations',
} as const;

export type PendingKey = keyof typeof pendingEn;
