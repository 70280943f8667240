import type { MessageMetadata } from '../api/wire.ts';
import { safeImageUrl } from '../state/safeUrl.ts';
import type { TimedMessage } from '../client/conversation/splitMessages.ts';
import { translator, useWidget } from './context.ts';
import imageMessageCss from './ImageMessage.css?inline';
import { MessageText } from './markdown/MessageText.tsx';

const MAX_WIDTH = 240;
const MAX_HEIGHT = 320;

/** Width and height that fit the bubble and keep the image's aspect ratio (so the list never jumps). */
export function fittedSize(width: unknown, height: unknown): { width: number; height: number } | null {
  const w = Number(width);
  const h = Number(height);
  if (!(w > 0 && h > 0 && Number.isFinite(w) && Number.isFinite(h))) return null;
  const scale = Math.min(1, MAX_WIDTH / w, MAX_HEIGHT / h);
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/**
 * An image message's content: the image, and the text sent with it as its caption, unless that
 * only names the file (a markdown link to it, or the file's name).
 */
export function ImageMessage({ message: { metadata, text } }: { message: TimedMessage }) {
  return (
    <>
      <Image metadata={metadata} alt={text && !/^\[.*\]\(.*\)$/.test(text) ? text : ''} />
      {text && metadata?.src !== undefined && text !== metadata?.name && <MessageText text={text} />}
    </>
  );
}

function Image({ metadata, alt }: { metadata: MessageMetadata | undefined; alt: string }) {
  const widget = useWidget();
  widget.adoptCss(imageMessageCss);
  const { intents } = widget;
  const t = translator(widget);
  const src = safeImageUrl(typeof metadata?.src === 'string' ? metadata.src : '');
  if (!src) return <p class="unavailable">{t('IMAGE_UNAVAILABLE')}</p>;
  const size = fittedSize(metadata?.width, metadata?.height);
  const name = alt || (typeof metadata?.name === 'string' ? metadata.name : '') || t('IMAGE_LABEL');
  return (
    <button type="button" class="image-button" aria-label={t('OPEN_IMAGE', { name })} onClick={() => intents.viewImage({ src, alt: name })}>
      <img
        part="message-image"
        class="message-image"
        src={src}
        alt={name}
        loading="lazy"
        decoding="async"
        referrerpolicy="no-referrer"
        width={size?.width ?? MAX_WIDTH}
        height={size?.height ?? 180}
      />
    </button>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default ImageMessage;
