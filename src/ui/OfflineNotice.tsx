import { useState } from 'preact/hooks';
import { EMAIL_ADDRESS } from '../state/emailAddress.ts';
import offlineNoticeCss from './OfflineNotice.css?inline';
import stepButtonsCss from './StepButtons.css?inline';
import { translator, useWidget } from './context.ts';

/** "Monday 09:00 AM": when the team is back, in the visitor's language and clock. */
function openingTime(lang: string, at: number): string {
  try {
    return new Intl.DateTimeFormat(lang, { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(at));
  } catch {
    return new Date(at).toLocaleString();
  }
}

/** "We are closed" / "nobody is available", with the next opening in the visitor's language. */
export function OfflineNotice() {
  const widget = useWidget();
  widget.adoptCss(offlineNoticeCss);
  const { availability, intake, lang } = widget;
  const t = translator(widget);
  const state = availability.value;
  if (state.status !== 'closed' && state.status !== 'no-agents') return null;
  const departmentMessage = intake.department.value?.offline_msg;
  const text = departmentMessage?.trim() || t(state.status === 'closed' ? 'LABEL_FIRST_MSG_OPERATING_HOURS_CLOSED' : 'LABEL_FIRST_MSG_NO_AGENTS');
  const when = state.status === 'closed' && state.nextOpening ? openingTime(lang.value, state.nextOpening) : '';
  return (
    <div part="offline-notice" class="offline-notice" role="status">
      <p>{text}</p>
      {when && <p class="next-opening">{t('OFFLINE_NEXT_OPENING', { when })}</p>}
    </div>
  );
}

/**
 * The welcome's message outside opening hours (WelcomeMessage.tsx), instead of the project's, which
 * may promise a reply within minutes: when the team is back, and a field for the visitor's email,
 * handed over as the page's `setUser({email})` would (the first message's `userEmail`, or the next
 * one's after a change). A visitor whose email is known is told where the answer goes.
 */
export function ClosedWelcome({ class: className }: { class: string }) {
  const widget = useWidget();
  widget.adoptCss(stepButtonsCss, offlineNoticeCss);
  const t = translator(widget);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const state = widget.availability.value;
  const when = state.status === 'closed' && state.nextOpening ? openingTime(widget.lang.value, state.nextOpening) : '';
  const known = widget.session.visitor.value?.email || widget.settings.value.userEmail;
  const submit = (event: Event) => {
    event.preventDefault();
    const address = email.trim();
    const valid = EMAIL_ADDRESS.test(address);
    setInvalid(!valid);
    if (valid) widget.intents.setUser({ email: address });
  };
  return (
    <div class="closed-welcome">
      <p class={className}>{when ? t('WELCOME_CLOSED', { when }) : t('WELCOME_CLOSED_SOON')}</p>
      {known ? (
        <p class="leave-email-saved">{t('LEAVE_EMAIL_SAVED', { email: known })}</p>
      ) : (
        <form class="leave-email" noValidate onSubmit={submit}>
          <input
            type="email"
            autocomplete="email"
            aria-label={t('LEAVE_EMAIL_FIELD')}
            placeholder={t('LEAVE_EMAIL_FIELD')}
            aria-invalid={invalid ? 'true' : undefined}
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
          <button type="submit" class="primary-button leave-email-save">
            {t('LEAVE_EMAIL_SAVE')}
          </button>
          {invalid && (
            <p class="field-error" role="alert">
              {t('LABEL_ERROR_FIELD_EMAIL')}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default OfflineNotice;
