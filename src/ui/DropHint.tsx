import { useCss, useT } from './widgetHooks.ts';
import css from './DropHint.css?inline';

/** "Drop the file to send it" over the window while a file is dragged over it (ChatWindow.tsx). */
export function DropHint() {
  useCss(css);
  const t = useT();
  return <div class="drop-hint">{t('DROP_FILE_HERE')}</div>;
}
