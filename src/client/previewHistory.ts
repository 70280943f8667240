import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { WireMessage } from '../api/wire.ts';
import type { TextKey } from '../i18n/translator.ts';
import type { ConversationListControl } from './conversation/conversationList.ts';
import type { ConversationSummary } from '../state/conversationSummary.ts';

/** The dashboard preview's sample conversation, in the preview's language. */
export const PREVIEW_VISITOR_ID = 'preview-visitor';

export function previewHistory(t: (key: TextKey) => string, now: number): WireMessage[] {
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  return [
    {
      _id: 'preview-1',
      sender: PREVIEW_VISITOR_ID,
      senderFullname: '',
      recipient: 'preview',
      type: 'text',
      text: t('PREVIEW_SAMPLE_VISITOR'),
      createdAt: at(3),
    },
    { _id: 'preview-2', sender: 'preview-agent', senderFullname: 'Ann', recipient: 'preview', type: 'text', text: t('PREVIEW_SAMPLE_AGENT'), createdAt: at(2) },
  ];
}

/**
 * The preview's home screen: the sample conversation (one reply unread) and an earlier, ended one.
 * Static: a preview lists nothing from anywhere.
 */
export function previewConversations(t: (key: TextKey) => string, now: number): ConversationSummary[] {
  return [
    {
      requestId: 'preview',
      text: t('PREVIEW_SAMPLE_AGENT'),
      type: 'text',
      senderName: 'Ann',
      senderId: 'preview-agent',
      fromVisitor: false,
      time: now - 2 * 60_000,
      closed: false,
      unread: 1,
    },
    {
      requestId: 'preview-earlier',
      text: t('PREVIEW_SAMPLE_VISITOR'),
      type: 'text',
      senderName: '',
      senderId: '',
      fromVisitor: true,
      time: now - 3 * 86_400_000,
      closed: true,
      unread: 0,
    },
  ];
}

export function previewConversationList(items: ReadonlySignal<ConversationSummary[]>, show: () => void): ConversationListControl {
  const done = () => Promise.resolve();
  return {
    items,
    hasMore: signal(false),
    loaded: signal(true),
    unreadElsewhere: computed(() => 0),
    refresh: done,
    follow: done,
    loadMore: done,
    // The sample conversation is the only one to show.
    open: show,
    dispose: () => {},
  };
}
