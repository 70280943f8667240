import { useEffect, useState } from 'preact/hooks';
import { translator, useWidget } from './context.ts';
import bottomPanelCss from './BottomPanel.css?inline';
import conversationEndCss from './ConversationEnd.css?inline';
import stepButtonsCss from './StepButtons.css?inline';

const STARS = [1, 2, 3, 4, 5];

/** One star, drawn (a text ★ takes the shape and size of whatever font the page has). */
function StarIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 2.6l2.85 5.92 6.5.86-4.75 4.52 1.2 6.45L12 17.2l-5.8 3.15 1.2-6.45-4.75-4.52 6.5-.86z" />
    </svg>
  );
}

/**
 * After a conversation ends (either side): a 1–5 star rating with an optional comment (when
 * `nativeRating`: the service's own widget asks with five stars, so does this one), as a card
 * centred under the thread, and the way to start a new conversation. A rating already given (this visit or
 * an earlier one: the service holds it) is shown, not asked again. "Ended" is said once: by the
 * service's info line when the list ends with it, else here.
 */
export function ConversationEnd() {
  const widget = useWidget();
  widget.adoptCss(stepButtonsCss, bottomPanelCss, conversationEndCss);
  const { intents, settings, conversation, rating: memory } = widget;
  const t = translator(widget);
  const [rating, setRating] = useState(0);
  const [preview, setPreview] = useState(0);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'error'>('idle');
  const rid = conversation.requestId.value;
  const given = memory.given.value;
  const rated = given && given.requestId === rid ? given.rating : 0;
  const messages = conversation.messages.value;
  const saidByService = messages[messages.length - 1]?.infoLabel === 'INFO_SUPPORT_CHAT_CLOSED';
  useEffect(() => {
    if (rid && settings.peek().nativeRating) intents.recallRating(rid);
  }, [rid, intents, settings]);
  const shown = preview || rating;
  return (
    <div class="conversation-end">
      {!saidByService && <p class="closed-note">{t('CONVERSATION_ENDED')}</p>}
      {settings.value.nativeRating && !rated && (
        <form
          part="rating"
          class="rating"
          onSubmit={(e) => {
            e.preventDefault();
            if (!rating) return;
            setState('sending');
            intents.rate(rating, comment).then(
              () => setState('idle'),
              () => setState('error'),
            );
          }}
        >
          <fieldset>
            <legend>{t('CUSTOMER_SATISFACTION')}</legend>
            {/* Native radios: one tab stop, arrow keys move the choice (mirrored right to left by the
                browser). The stars up to the one under the pointer or focus light up before it is chosen. */}
            <div class="stars" role="radiogroup" aria-label={t('YOUR_RATING')} onMouseLeave={() => setPreview(0)}>
              {STARS.map((n) => (
                <label key={n} class={`star${n <= shown ? ' is-on' : ''}`} onMouseEnter={() => setPreview(n)}>
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    checked={rating === n}
                    onChange={() => setRating(n)}
                    onFocus={() => setPreview(n)}
                    onBlur={() => setPreview(0)}
                    class="visually-hidden"
                  />
                  <StarIcon />
                  <span class="visually-hidden">{t('RATING_STARS', { count: n })}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label class="visually-hidden" for="pl-rating-comment">
            {t('WRITE_YOUR_OPINION')}
          </label>
          <textarea
            id="pl-rating-comment"
            class="rating-comment"
            rows={2}
            placeholder={t('WRITE_YOUR_OPINION')}
            value={comment}
            onInput={(e) => setComment(e.currentTarget.value)}
            maxLength={1000}
          />
          <button type="submit" class="primary-button" disabled={!rating || state === 'sending'}>
            {t('SUBMIT')}
          </button>
          {state === 'error' && <p role="alert">{t('RATING_FAILED')}</p>}
        </form>
      )}
      {settings.value.nativeRating && !!rated && (
        <div class="rated" role="status">
          <span class="stars" aria-hidden="true">
            {STARS.map((n) => (
              <span key={n} class={`star${n <= rated ? ' is-on' : ''}`}>
                <StarIcon />
              </span>
            ))}
          </span>
          <p>{t('THANK_YOU_FOR_YOUR_EVALUATION')}</p>
          <span class="visually-hidden">{t('RATING_STARS', { count: rated })}</span>
        </div>
      )}
      <button type="button" class="primary-button secondary" onClick={() => intents.startNewConversation()}>
        {t('LABEL_START_NW_CONV')}
      </button>
    </div>
  );
}
