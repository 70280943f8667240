/**
 * The English texts that only views loaded on demand show (the pre-chat form, the rating, the image
 * viewer, the emoji picker, the home screen…): a chunk of their own, so the first open downloads only
 * the texts it shows (en.ts, pending-en.ts). The translator fetches them at idle, and a view loaded on
 * demand waits for them before it paints (lazyView.tsx). The keys are the service's label keys as in
 * en.ts; those in `pendingEnOfViews` are the pending-en.ts kind (every locale translates them, en.ts
 * wins once a key moves there).
 */
export const enOfViews = {
  LABEL_START_NW_CONV: 'Start a new conversation',
  CLOSE: 'Close',
  GUEST_LABEL: 'Guest',
  MESSAGE_SENT: 'Sent',
  LABEL_LOADING: 'Loading…',
  LABEL_WRITING: 'Typing…',
  TYPING_NAMED: '{{name}} is typing…',
  IMAGE_LABEL: 'Image',
  ATTACHMENT_LABEL: 'Attachment',
  IMAGE_UNAVAILABLE: 'This image cannot be shown.',
  // The upload list's (ui/UploadList.tsx).
  UPLOAD_TOO_LARGE: 'This file is too large (at most {{size}}).',
  UPLOAD_TYPE_NOT_ALLOWED: 'Files of this type cannot be sent.',
  UPLOAD_FAILED: 'The file could not be sent.',
  OPEN_IMAGE: 'Open image {{name}}',
  IMAGE_VIEWER_LABEL: 'Image',
  DOWNLOAD_FILE: 'Download {{name}}',
  CAROUSEL_LABEL: 'Carousel',
  CAROUSEL_SLIDE_LABEL: 'Card',
  CAROUSEL_POSITION: '{{index}} of {{count}}',
  CAROUSEL_PREVIOUS: 'Previous card',
  CAROUSEL_NEXT: 'Next card',
  UPLOADING: 'Uploading {{name}}',
  DISMISS: 'Dismiss',
  // The options menu's item, then its confirmation.
  CLOSE_CHAT: 'End conversation',
  CONFIRM_CLOSE_CHAT: 'End this conversation?',
  YES: 'Yes, end it',
  NO: 'Cancel',
  CONVERSATION_ENDED: 'This conversation has ended.',
  CUSTOMER_SATISFACTION: 'How was our help?',
  YOUR_RATING: 'Your rating',
  RATING_STARS_one: '{{count}} star',
  RATING_STARS_other: '{{count}} stars',
  WRITE_YOUR_OPINION: 'Tell us more (optional)',
  SUBMIT: 'Send rating',
  THANK_YOU_FOR_YOUR_EVALUATION: 'Thank you for your feedback!',
  RATING_FAILED: 'Your rating could not be sent. Please try again.',
  DOWNLOAD_TRANSCRIPT: 'Save the conversation',
  DROP_FILE_HERE: 'Drop the file to send it',
  // Near and over the length limit (ui/CharCount.tsx).
  MESSAGE_TOO_LONG: 'This message is too long: at most {{max}} characters. Please shorten it or send it in parts.',
  MESSAGE_CHARACTER_COUNT: '{{count}} of {{max}} characters',
  // A message not sent (ui/FailedStatus.tsx), and why (state/delivery.ts REASONS).
  MESSAGE_FAILED: 'Not sent',
  BUTTON_RETRY: 'Retry',
  BUTTON_DELETE: 'Delete',
  MESSAGE_TOO_LARGE: 'Too long for the chat service.',
  MESSAGE_REFUSED: 'The chat service refused this message.',
  MESSAGE_SESSION_REFUSED: 'The chat service did not accept this chat session.',
  MESSAGE_UNREACHABLE: 'The chat service could not be reached.',
} as const;

/** English texts of views loaded on demand whose keys are not in en.ts yet (the pending-en.ts kind). */
export const pendingEnOfViews = {
  LABEL_FIRST_MSG_OPERATING_HOURS_CLOSED: 'We are closed right now. Leave a message and we will reply as soon as we are back.',
  LABEL_FIRST_MSG_NO_AGENTS: 'No one is available right now. Leave a message and we will get back to you.',
  OFFLINE_NEXT_OPENING: 'We open again {{when}}.',
  WELCOME_CLOSED: 'We are back {{when}}. Leave your email and we will answer you there.',
  WELCOME_CLOSED_SOON: 'We will answer as soon as we are back. Leave your email and we will answer you there.',
  LEAVE_EMAIL_FIELD: 'Your email',
  LEAVE_EMAIL_SAVE: 'Save my email',
  LEAVE_EMAIL_SAVED: 'We will answer you at {{email}}.',
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
  BUTTON_DISMISS_MESSAGE_PREVIEW: 'Dismiss message',
  EMOJI_PICKER_LABEL: 'Emoji',
  EMOJI_SEARCH: 'Search emoji',
  EMOJI_CATEGORIES: 'Emoji categories',
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
  // The home screen's card that starts a conversation, and a listed conversation that has ended.
  LABEL_SEND_NEW_MESSAGE: 'Send us a message',
  CLOSED: 'Ended',
  // The dashboard preview's sample conversation (client/previewHistory.ts): never a visitor's.
  PREVIEW_SAMPLE_VISITOR: 'Hi! Do you ship to Canada?',
  PREVIEW_SAMPLE_AGENT: 'We do — orders arrive in 3–5 business days.',
} as const;

/** Every English text of the views loaded on demand, the way `loadLocale('en')` layers them. */
export const englishOfViews: Record<string, string> = { ...pendingEnOfViews, ...enOfViews };
