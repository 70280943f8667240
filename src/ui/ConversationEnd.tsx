import { useState } from 'preact/hooks';
import { useWidget, useT } from './context.ts';

/**
 * After a conversation ends (either side): a 1–5 star rating with an optional comment (when
 * `nativeRating`), and the way to start a new conversation.
 */
export function ConversationEnd() {
  const { intents, settings } = useWidget();
  const t = useT();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'error'>('idle');
  return (
    <div class="conversation-end">
      <p class="closed-note">{t('CONVERSATION_ENDED')}</p>
      {settings.value.nativeRating && state !== 'done' && (
        <form
          part="rating"
          class="rating"
          onSubmit={(e) => {
            e.preventDefault();
            if (!rating) return;
            setState('sending');
            intents.rate(rating, comment).then(
              () => setState('done'),
              () => setState('error'),
            );
          }}
        >
          <fieldset>
            <legend>{t('CUSTOMER_SATISFACTION')}</legend>
            <div class="stars" role="radiogroup" aria-label={t('YOUR_RATING')}>
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} class={`star${n <= rating ? ' is-on' : ''}`}>
                  <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} class="visually-hidden" />
                  <span aria-hidden="true">★</span>
                  <span class="visually-hidden">{t('RATING_STARS', { count: n })}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label class="visually-hidden" for="pl-rating-comment">
            {t('WRITE_YOUR_OPINION')}
          </label>
          <textarea id="pl-rating-comment" class="rating-comment" rows={2} placeholder={t('WRITE_YOUR_OPINION')} value={comment} onInput={(e) => setComment(e.currentTarget.value)} maxLength={1000} />
          <button type="submit" class="primary-button" disabled={!rating || state === 'sending'}>
            {t('SUBMIT')}
          </button>
          {state === 'error' && <p role="alert">{t('RATING_FAILED')}</p>}
        </form>
      )}
      {state === 'done' && <p role="status">{t('THANK_YOU_FOR_YOUR_EVALUATION')}</p>}
      <button type="button" class="primary-button secondary" onClick={() => intents.startNewConversation()}>
        {t('LABEL_START_NW_CONV')}
      </button>
    </div>
  );
}
