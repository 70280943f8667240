import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { parseFields, validate, type PreChatField, type PreChatValues } from '../state/preChatForm.ts';
import { translator, useWidget, type WidgetView } from './context.ts';
import { SafeHtml } from './SafeHtml.tsx';
import { focusOpeningControl } from './openingFocus.ts';
import intakeStepCss from './IntakeStep.css?inline';
import preChatFormCss from './PreChatForm.css?inline';
import stepButtonsCss from './StepButtons.css?inline';

/** A label from the service: a label key, a `{lang: text}` map, or plain text. */
function labelOf(widget: WidgetView) {
  const { lang, textOf } = widget;
  // Re-read when texts change (reading their version subscribes the view).
  translator(widget);
  return (label: unknown, fallback: string): string => {
    if (label && typeof label === 'object') {
      const map = label as Record<string, unknown>;
      const text = map[lang.value] ?? map.en ?? Object.values(map)[0];
      return typeof text === 'string' ? text : fallback;
    }
    if (typeof label === 'string' && label) return /^[A-Z][A-Z0-9_]+$/.test(label) ? textOf(label) : label;
    return fallback;
  };
}

/**
 * The field that held the visitor's first message in the full-window form of old: in the card the
 * visitor has written it already (it waits, sending, above), so it is not asked again.
 */
const FIRST_MESSAGE = 'firstMessage';

/**
 * Who the visitor is, asked as a card at the thread's end once they have written (issue 26 §4, as
 * Intercom and Crisp ask): what they wrote waits in the outbox, sending, until the answers are
 * validated; then the answers go with the sign-in and the first message, as before.
 */
export function PreChatForm() {
  const widget = useWidget();
  widget.adoptCss(stepButtonsCss, intakeStepCss, preChatFormCss);
  const { settings, intents, textOf, ui } = widget;
  const t = translator(widget);
  const label = labelOf(widget);
  const s = settings.value;
  const fields = useMemo<PreChatField[]>(
    () => parseFields(s.preChatFormCustomFieldsEnabled ? s.preChatFormJson : null).filter((field) => field.name !== FIRST_MESSAGE),
    [s.preChatFormCustomFieldsEnabled, s.preChatFormJson],
  );
  const [values, setValues] = useState<PreChatValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const card = form.current;
    // The visitor just sent from the composer (the focus is in the window), or opened the window
    // onto the card: they are taken to its first field. Shown to nobody in particular (a preview,
    // a window parked or opened by the page), it takes no focus.
    const active = (card?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement;
    if (ui.byVisitor.peek() || active?.closest('[part~="window"]')) focusOpeningControl(card);
  }, [ui]);
  /** The field a visitor's open takes them to: the first they can fill in. */
  const firstField = fields.find((field) => field.type !== 'static')?.name;

  const set = (name: string, value: string | boolean) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (tried) setErrors(validate(fields, next));
  };

  return (
    <div class="prechat">
      <form
        ref={form}
        part="prechat-form"
        class="prechat-card"
        aria-labelledby="pl-prechat-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          const found = validate(fields, values);
          setErrors(found);
          if (Object.keys(found).length) {
            const first = Object.keys(found)[0];
            e.currentTarget.querySelector<HTMLElement>(`[name="${CSS.escape(first ?? '')}"]`)?.focus();
            return;
          }
          // The card goes once answered: the visitor goes back to the composer, not to the page.
          e.currentTarget.closest('[part~="window"]')?.querySelector<HTMLElement>('[part~="input"]')?.focus();
          intents.submitPreChat(values);
        }}
      >
        <p id="pl-prechat-title" class="step-title">
          {t('LABEL_COMPLETE_FORM')}
        </p>
        {fields.map((field) => {
          const id = `pl-prechat-${field.name}`;
          const error = errors[field.name];
          // The service's own labels often carry their "*"; the widget marks required fields itself.
          const text = label(field.label, field.name).replace(/^\s*\*\s*|\s*\*\s*$/g, '');
          if (field.type === 'static') return <SafeHtml key={field.name} class="prechat-static" html={text} />;
          if (field.type === 'checkbox') {
            return (
              <div key={field.name} class="field field-checkbox">
                <input
                  id={id}
                  name={field.name}
                  type="checkbox"
                  data-opening-focus={field.name === firstField || undefined}
                  checked={values[field.name] === true}
                  aria-invalid={!!error}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => set(field.name, e.currentTarget.checked)}
                />
                <label for={id}>
                  <SafeHtml html={text} />
                </label>
                {error && (
                  <p id={`${id}-error`} class="field-error">
                    {textOf(error)}
                  </p>
                )}
              </div>
            );
          }
          const Tag = field.type === 'textarea' ? 'textarea' : 'input';
          return (
            <div key={field.name} class="field">
              <label for={id}>
                {text}
                {field.mandatory && <span aria-hidden="true"> *</span>}
              </label>
              <Tag
                id={id}
                name={field.name}
                class="field-input"
                data-opening-focus={field.name === firstField || undefined}
                {...(Tag === 'input'
                  ? {
                      type: field.name === 'userEmail' ? 'email' : 'text',
                      autocomplete: field.name === 'userEmail' ? 'email' : field.name === 'userFullname' ? 'name' : 'off',
                    }
                  : { rows: 3 })}
                required={field.mandatory}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : undefined}
                maxLength={500}
                value={typeof values[field.name] === 'string' ? (values[field.name] as string) : ''}
                onInput={(e: Event) => set(field.name, (e.currentTarget as HTMLInputElement).value)}
              />
              {error && (
                <p id={`${id}-error`} class="field-error">
                  {textOf(error)}
                </p>
              )}
            </div>
          );
        })}
        <button type="submit" class="primary-button">
          {t('CONTINUE')}
        </button>
      </form>
    </div>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default PreChatForm;
