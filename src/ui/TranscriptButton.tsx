import { translator, useWidget } from './context.ts';
import { svg } from './icons.tsx';
import { saveTranscript } from './saveTranscript.ts';

/**
 * The header's "save the conversation" button (`allowTranscriptDownload`, off by default): a view
 * of its own, fetched only where a project turns it on.
 */
export function TranscriptButton() {
  const widget = useWidget();
  const { intents } = widget;
  const t = translator(widget);
  return (
    <button
      type="button"
      class="icon-button"
      aria-label={t('DOWNLOAD_TRANSCRIPT')}
      title={t('DOWNLOAD_TRANSCRIPT')}
      onClick={() => void saveTranscript(intents)}
    >
      <svg {...svg}>
        <path fill="currentColor" d="M11 4h2v8.2l3.3-3.3 1.4 1.4-5.7 5.7-5.7-5.7 1.4-1.4 3.3 3.3V4ZM5 18h14v2H5v-2Z" />
      </svg>
    </button>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default TranscriptButton;
