import { translator, useWidget } from './context.ts';
import css from './DropHint.css?inline';

/** "Drop the file to send it" over the window while a file is dragged over it (ChatWindow.tsx). */
export function DropHint() {
  const widget = useWidget();
  widget.adoptCss(css);
  const t = translator(widget);
  return <div class="drop-hint">{t('DROP_FILE_HERE')}</div>;
}
