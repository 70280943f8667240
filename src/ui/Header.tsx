import { useWidget, useT } from './context.ts';
import { CloseIcon } from './icons.tsx';

export function Header({ titleId }: { titleId: string }) {
  const { title, intents, settings } = useWidget();
  const t = useT();
  return (
    <header part="header" class="header">
      <h2 id={titleId} class="header-title">
        {title.value}
      </h2>
      {!settings.value.hideHeaderCloseButton && (
        <button type="button" part="close-button" class="icon-button" aria-label={t('BUTTON_CLOSE_CHAT')} onClick={() => intents.close(true)}>
          <CloseIcon />
        </button>
      )}
    </header>
  );
}
