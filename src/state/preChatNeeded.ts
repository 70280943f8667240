/**
 * Whether the pre-chat form is asked for, a rule every first open runs (the form itself, preChatForm.ts,
 * comes with its view on demand).
 */
/** The form is needed unless switched off or the page already told us who the visitor is. */
export function preChatNeeded(enabled: boolean, known: { fullname: string; email: string }): boolean {
  return enabled && !(known.fullname.trim() && known.email.trim());
}
