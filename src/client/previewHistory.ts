import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { WidgetsResponse, WireMessage } from '../api/wire.ts';
import type { TextKey } from '../i18n/translator.ts';
import type { ConversationListControl } from './conversation/conversationList.ts';
import type { ConversationSummary } from '../state/conversationSummary.ts';

/** The dashboard preview's sample conversation, in the preview's language. */
export const PREVIEW_VISITOR_ID = 'preview-visitor';
/** The sample conversation's agent. */
const PREVIEW_AGENT_NAME = 'Ann';

/**
 * The preview's team in the header: a preview shows no photo (it asks nothing of the network), so an
 * available agent handed without a name would be a blank circle; it takes the sample agent's name,
 * and its initials show.
 */
export function previewTeam(answer: Partial<WidgetsResponse>): Partial<WidgetsResponse> {
  if (!Array.isArray(answer.user_available)) return answer;
  const named = (agent: unknown) =>
    agent && typeof agent === 'object' && !('firstname' in agent && agent.firstname) ? { ...agent, firstname: PREVIEW_AGENT_NAME } : agent;
  return { ...answer, user_available: answer.user_available.map(named) as WidgetsResponse['user_available'] };
}

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
    {
      _id: 'preview-2',
      sender: 'preview-agent',
      senderFullname: PREVIEW_AGENT_NAME,
      recipient: 'preview',
      type: 'text',
      text: t('PREVIEW_SAMPLE_AGENT'),
      createdAt: at(2),
    },
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
      senderName: PREVIEW_AGENT_NAME,
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
