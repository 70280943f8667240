import { Component } from 'preact';
import { EMAIL_ADDRESS } from '../state/emailAddress.ts';
import offlineNoticeCss from './OfflineNotice.css?inline';
import stepButtonsCss from './StepButtons.css?inline';
import { translator, WidgetContext, type WidgetView } from './context.ts';

/** "Monday 09:00 AM": when the team is back, in the visitor's language and clock. */
function openingTime(lang: string, at: number): string {
  try {
    return new Intl.DateTimeFormat(lang, { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(at));
  } catch {
    return new Date(at).toLocaleString();
  }
}

/** "We are closed" / "nobody is available", with the next opening in the visitor's language. */
export function OfflineNotice(_props: object, widget: WidgetView) {
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
OfflineNotice.contextType = WidgetContext;

/**
 * The welcome's message outside opening hours (WelcomeMessage.tsx), instead of the project's, which
 * may promise a reply within minutes: when the team is back, and a field for the visitor's email,
 * handed over as the page's `setUser({email})` would (the first message's `userEmail`, or the next
 * one's after a change). A visitor whose email is known is told where the answer goes.
 */
export class ClosedWelcome extends Component<{ class: string }, { email: string; invalid: boolean }> {
  static override contextType = WidgetContext;
  declare context: WidgetView;
  override state = { email: '', invalid: false };

  private readonly submit = (event: Event) => {
    event.preventDefault();
    const email = this.state.email.trim();
    if (!EMAIL_ADDRESS.test(email)) {
      this.setState({ invalid: true });
      return;
    }
    this.setState({ invalid: false });
    this.context.intents.setUser({ email });
  };

  override render({ class: className }: { class: string }, { email, invalid }: { email: string; invalid: boolean }) {
    const widget = this.context;
    widget.adoptCss(stepButtonsCss, offlineNoticeCss);
    const t = translator(widget);
    const state = widget.availability.value;
    const when = state.status === 'closed' && state.nextOpening ? openingTime(widget.lang.value, state.nextOpening) : '';
    const known = widget.session.visitor.value?.email || widget.settings.value.userEmail;
    return (
      <div class="closed-welcome">
        <p class={className}>{when ? t('WELCOME_CLOSED', { when }) : t('WELCOME_CLOSED_SOON')}</p>
        {known ? (
          <p class="leave-email-saved">{t('LEAVE_EMAIL_SAVED', { email: known })}</p>
        ) : (
          <form class="leave-email" noValidate onSubmit={this.submit}>
            <input
              type="email"
              autocomplete="email"
              aria-label={t('LEAVE_EMAIL_FIELD')}
              placeholder={t('LEAVE_EMAIL_FIELD')}
              aria-invalid={invalid ? 'true' : undefined}
              value={email}
              onInput={(e) => this.setState({ email: e.currentTarget.value })}
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
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default OfflineNotice;
