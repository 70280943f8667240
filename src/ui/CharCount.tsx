import { MAX_MESSAGE_CHARS } from '../state/messageLength.ts';
import { translator, useWidget } from './context.ts';
import css from './CharCount.css?inline';

/**
 * How long the text is, near the limit (Composer.tsx shows it in its live region from
 * COUNT_SHOWN_FROM on), and that it is too long over it. Most texts never get near: it comes with
 * the later views (laterViews.ts), fetched at idle once the window is open.
 */
export function CharCount({ length, tooLong }: { length: number; tooLong: boolean }) {
  const widget = useWidget();
  widget.adoptCss(css);
  const { lang } = widget;
  const t = translator(widget);
  const number = (n: number) => n.toLocaleString(lang.value);
  return (
    <>
      {tooLong ? `${t('MESSAGE_TOO_LONG', { max: number(MAX_MESSAGE_CHARS) })} ` : ''}
      {t('MESSAGE_CHARACTER_COUNT', { count: number(length), max: number(MAX_MESSAGE_CHARS) })}
    </>
  );
}
