import { useWidget, useT } from './context.ts';
import { Composer } from './Composer.tsx';
import { Header } from './Header.tsx';
import { MessageList } from './MessageList.tsx';

/** The open chat: a non-modal dialog (the page stays usable), Esc closes it. */
export function ChatWindow({ idPrefix }: { idPrefix: string }) {
  const { intents, online } = useWidget();
  const t = useT();
  const titleId = `${idPrefix}-title`;
  return (
    <section
      part="window"
      class="window"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          intents.close(true);
        }
      }}
    >
      <Header titleId={titleId} />
      {!online.value && (
        <p class="offline-banner" role="status">
          {t('CONNECTION_NETWORK_ERROR')}
        </p>
      )}
      <MessageList />
      <Composer inputId={`${idPrefix}-input`} />
    </section>
  );
}
