import type { WireMessage } from '../api/wire.ts';
import type { TextKey } from '../i18n/translator.ts';

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
