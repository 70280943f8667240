/**
 * Which of the service's labels (docs/service.md §5) may name which of the widget's texts: only
 * where the meanings match. The service's keys come from its own widget, whose controls differ from
 * ours: its `CLOSE_CHAT` ("Close chat") ends the conversation, so it names our end button and never
 * the button that only hides the window (`MINIMIZE`, and `BUTTON_CLOSE_TO_ICON` on the launcher).
 * Widget text key ← service label key; most keys are the same on both sides.
 */
// Lists as one string each: a chunk every first open loads (issue 9), and a quoted array item costs
// more. By group: the composer and conversation first.
const SAME_MEANING = (
  'LABEL_PLACEHOLDER WELCOME_TITLE WELCOME_MSG YOU GUEST_LABEL LABEL_TODAY LABEL_LOADING ' +
  'INFO_SUPPORT_CHAT_CLOSED INFO_SUPPORT_CHAT_REOPENED ' +
  // the header button that hides the window
  'MINIMIZE ' +
  // the header's options menu, and its item that saves the conversation
  'OPTIONS DOWNLOAD_TRANSCRIPT ' +
  // ending the conversation, and its confirmation
  'CLOSE_CHAT CONFIRM_CLOSE_CHAT YES NO ' +
  // the image viewer's close button
  'CLOSE ' +
  // rating and what follows the end
  'CUSTOMER_SATISFACTION YOUR_RATING WRITE_YOUR_OPINION THANK_YOU_FOR_YOUR_EVALUATION ' +
  'LABEL_START_NW_CONV ' +
  // the home screen: its card that starts a conversation, an ended one in its list
  'LABEL_SEND_NEW_MESSAGE CLOSED ' +
  // callout, departments, pre-chat form, offline notices
  'CALLOUT_TITLE_PLACEHOLDER CALLOUT_MSG_PLACEHOLDER LABEL_SELECT_TOPIC LABEL_COMPLETE_FORM CONTINUE ' +
  'BACK LABEL_FIELD_NAME LABEL_FIELD_EMAIL LABEL_ERROR_FIELD_NAME LABEL_ERROR_FIELD_EMAIL ' +
  'LABEL_ERROR_FIELD_REQUIRED LABEL_FIRST_MSG_NO_AGENTS LABEL_FIRST_MSG_OPERATING_HOURS_CLOSED ' +
  // presence in the header and the welcome area
  'WAITING_TIME_FOUND WAITING_TIME_NOT_FOUND AGENT_AVAILABLE AGENT_NOT_AVAILABLE'
)
  // Not taken: LABEL_WRITING ("is writing...") completes an agent's name; our typing dots have none.
  // SUBMIT is a generic "Submit" ("SUBMIT" in the stock set): the rating's button says what it
  // sends, "Send rating", in sentence case and in every language.
  .split(' ');

export const LABEL_MEANINGS: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(SAME_MEANING.map((key) => [key, key])),
  // The launcher while the window is open only hides it: the service's "minimise to the icon".
  BUTTON_CLOSE_CHAT: 'BUTTON_CLOSE_TO_ICON',
});

/**
 * Texts that name a control (button, field, dialog, group, log). Two controls never share a name:
 * a service label that would give one the name of another is not taken for it.
 */
export const CONTROL_NAME_KEYS: readonly string[] = (
  'BUTTON_OPEN_CHAT BUTTON_CLOSE_CHAT MINIMIZE OPTIONS CLOSE_CHAT CONFIRM_CLOSE_CHAT YES NO CLOSE ' +
  'CHAT_WINDOW_LABEL CONVERSATION_LOG_LABEL LABEL_PLACEHOLDER BUTTON_SEND_MESSAGE BUTTON_ATTACH_FILE ' +
  'BUTTON_RETRY BUTTON_DELETE DISMISS BUTTON_CLOSE_CALLOUT CAROUSEL_PREVIOUS CAROUSEL_NEXT ' +
  'IMAGE_VIEWER_LABEL CUSTOMER_SATISFACTION YOUR_RATING WRITE_YOUR_OPINION SUBMIT LABEL_START_NW_CONV LABEL_SEND_NEW_MESSAGE ' +
  'LABEL_SELECT_TOPIC LABEL_FIELD_NAME LABEL_FIELD_EMAIL CONTINUE BACK DOWNLOAD_TRANSCRIPT LEAVE_EMAIL_FIELD LEAVE_EMAIL_SAVE'
).split(' ');

const SERVICE_KEYS_TAKEN = new Set(Object.values(LABEL_MEANINGS));
const sameName = (a: string | undefined, b: string | undefined) => !!a && !!b && a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The widget's texts from the service's labels for one language, over `own` (the widget's own texts
 * for that language, English filled in): `texts`, each label taken for the text it means; and
 * `labels`, the rest as the service named them (a pre-chat form may name any service label as a
 * field's label), which the translator keeps apart from our texts (translator.ts `textOf`), so
 * that none stands for a text of ours whatever its key.
 */
export function textsFromServiceLabels(
  labels: Record<string, string>,
  own: Record<string, string>,
): { texts: Record<string, string>; labels: Record<string, string> } {
  const rest: Record<string, string> = {};
  for (const [key, text] of Object.entries(labels)) if (!SERVICE_KEYS_TAKEN.has(key)) rest[key] = text;
  const taken: Record<string, string> = {};
  for (const [widgetKey, serviceKey] of Object.entries(LABEL_MEANINGS)) {
    // The service marks its one placeholder `$reply_time`; ours are i18next's `{{reply_time}}`.
    const text = labels[serviceKey]?.replace(/\$reply_time/g, '{{reply_time}}');
    if (text) taken[widgetKey] = text;
  }
  // Drop service names that clash until none does; our own names are distinct, so this ends.
  const nameOf = (key: string) => taken[key] ?? own[key];
  for (let clashed = true; clashed;) {
    clashed = false;
    for (const a of CONTROL_NAME_KEYS) {
      for (const b of CONTROL_NAME_KEYS) {
        if (a === b || !sameName(nameOf(a), nameOf(b))) continue;
        for (const key of [a, b]) {
          if (key in taken) {
            delete taken[key];
            clashed = true;
          }
        }
      }
    }
  }
  return { texts: taken, labels: rest };
}
