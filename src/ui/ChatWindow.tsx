import { useState } from 'preact/hooks';
import { whenIdle } from '../client/live/idle.ts';
import { translator, useWidget } from './context.ts';
import { Composer } from './Composer.tsx';
import { Header } from './Header.tsx';
import { lazyView, laterView } from './lazyView.tsx';
import { MessageList } from './MessageList.tsx';
import { prefetchMessageText } from './markdown/MessageText.tsx';
import { prefetchQuickReplies } from './quickRepliesOnDemand.ts';
import { prefetchUnreadBadge } from './unreadBadgeOnDemand.ts';
import { ALL_PARTS, CONVERSATION_PART, type PreparedParts } from './windowPreparation.ts';

// Steps most visits never reach: their code comes after the window opens.
const CloseConfirm = laterView('CloseConfirm');
const ConversationEnd = laterView('ConversationEnd');
const ImageViewer = laterView('ImageViewer');
const DropHint = laterView('DropHint');
const DepartmentSelect = lazyView(() => import('./DepartmentSelect.tsx'));
const PreChatForm = lazyView(() => import('./PreChatForm.tsx'));
// Shown only while closed or nobody is available.
const OfflineNotice = lazyView(() => import('./OfflineNotice.tsx'));
const UploadList = laterView('UploadList');
// The service's own HTML (poweredBy) waits for DOMPurify anyway: the line and its styles come with it.
const PoweredBy = lazyView(() => import('./PoweredBy.tsx'));
// The home screen and the conversation list (issue 11): only with `startFromHome` or several conversations.
const Home = lazyView(() => import('./Home.tsx'));
const LATER_VIEWS = [
  CloseConfirm,
  ConversationEnd,
  ImageViewer,
  UploadList,
  { prefetch: prefetchMessageText },
  { prefetch: prefetchQuickReplies },
  { prefetch: prefetchUnreadBadge },
];

/** Once the window is up, the later steps are fetched while the visitor reads (its ref, called once mounted). */
function prefetchLaterViews(section: HTMLElement | null) {
  if (section) whenIdle(window, () => LATER_VIEWS.forEach((view) => view.prefetch()));
}

/** Below the header: the conversation (the composer among the last parts prepared), with what the intake asks at its end: the pre-chat form, then the departments. */
function Body({ inputId, parts, parked }: { inputId: string; parts: PreparedParts; parked: boolean }) {
  const { intake, conversation, ui, uploads } = useWidget();
  const stage = intake.stage.value;
  return (
    <>
      <MessageList parked={parked} />
      {uploads.items.value.length > 0 && <UploadList.View />}
      {/* Asked once the visitor has written (a preview: beside its sample): what they wrote waits, sending, for the answers. */}
      {stage === 'prechat' && conversation.messages.value.length > 0 && <PreChatForm.View />}
      {/* Offered in the thread, the composer ready beside them: a message written first waits for the choice. */}
      {stage === 'departments' && <DepartmentSelect.View />}
      {ui.confirmingClose.value ? (
        <CloseConfirm.View />
      ) : conversation.closed.value ? (
        <ConversationEnd.View />
      ) : (
        parts === ALL_PARTS && <Composer inputId={inputId} parked={parked} />
      )}
    </>
  );
}

interface ChatWindowProps {
  idPrefix: string;
  /** Shown a moment after it closed, animating out. */
  closing?: boolean;
  /** Rendered ahead of the first tap, hidden (windowPreparation.ts): not on screen, nor for keyboards and readers. */
  parked?: boolean;
  /** How much of it is rendered while parked. */
  parts?: PreparedParts;
}

/** The open chat: a non-modal dialog (the page stays usable), Esc closes it, files can be dropped on it. */
export function ChatWindow({ idPrefix, closing = false, parked = false, parts = ALL_PARTS }: ChatWindowProps) {
  const widget = useWidget();
  const { intents, online, conversation, settings, ui, availability } = widget;
  const t = translator(widget);
  // Drag events come many a second: only a change renders (a state set to what it holds renders nothing).
  const [dragging, setDragging] = useState(false);
  const titleId = `${idPrefix}-title`;
  const home = ui.screen.value === 'home';
  const canUpload = settings.value.showAttachmentFooterButton && !conversation.closed.value && !home;
  return (
    <section
      // The later steps are fetched once the visitor sees the window, not while it waits parked.
      ref={parked ? undefined : prefetchLaterViews}
      part="window"
      class={`window${closing ? ' is-closing' : ''}${parked ? ' is-parked' : ''}`}
      aria-hidden={closing || parked || undefined}
      // Parked, it is `visibility: hidden`, which already keeps it from keyboards and readers: made
      // inert too, the tap that shows it restyled every element of it (inert is inherited), the
      // longest task after a return visit's tap on a slow phone (~40 ms of ~55 at 6× CPU).
      inert={closing}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.stopPropagation();
        // Esc closes what is on top: the image viewer, then the confirmation, then the window.
        if (ui.viewerImage.peek()) intents.viewImage(null);
        else if (ui.confirmingClose.peek()) intents.confirmClose(false);
        else intents.close(true);
      }}
      onDragOver={(e) => {
        if (!canUpload || !e.dataTransfer?.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={(e) => {
        setDragging(false);
        if (!canUpload) return;
        e.preventDefault();
        for (const file of Array.from(e.dataTransfer?.files ?? [])) intents.upload(file);
      }}
    >
      <Header titleId={titleId} />
      {!online.value && (
        <p class="offline-banner" role="status">
          {t('CONNECTION_NETWORK_ERROR')}
        </p>
      )}
      {(availability.value.status === 'closed' || availability.value.status === 'no-agents') && <OfflineNotice.View />}
      {parts >= CONVERSATION_PART &&
        (home ? <Home.View listId={`${idPrefix}-conversations`} /> : <Body inputId={`${idPrefix}-input`} parts={parts} parked={parked} />)}
      {settings.value.poweredBy && <PoweredBy.View html={settings.value.poweredBy} />}
      {dragging && <DropHint.View />}
      {ui.viewerImage.value && <ImageViewer.View />}
    </section>
  );
}
