import { useRef } from 'preact/hooks';
import type { AttachmentButton } from '../api/wire.ts';
import { buttonsOf } from '../state/attachments.ts';
import { safeImageUrl } from '../state/safeUrl.ts';
import { translator, useWidget } from './context.ts';
import galleryCss from './Gallery.css?inline';
import { QuickReplies } from './QuickReplies.tsx';
import stepButtonsCss from './StepButtons.css?inline';

interface GalleryCard {
  title: string;
  description: string;
  image: string | null;
  buttons: AttachmentButton[];
}

/** `attributes.attachment.gallery[]`: each card has a preview image, title, description and buttons. */
export function galleryCards(gallery: unknown): GalleryCard[] {
  if (!Array.isArray(gallery)) return [];
  return gallery.slice(0, 12).flatMap((raw) => {
    if (!raw || typeof raw !== 'object') return [];
    const card = raw as { title?: unknown; description?: unknown; preview?: { src?: unknown }; buttons?: unknown };
    return [
      {
        title: typeof card.title === 'string' ? card.title : '',
        description: typeof card.description === 'string' ? card.description : '',
        image: safeImageUrl(typeof card.preview?.src === 'string' ? card.preview.src : ''),
        buttons: buttonsOf({ attachment: { buttons: card.buttons as AttachmentButton[] } }),
      },
    ];
  });
}

/** A keyboard-usable carousel: arrow keys or the previous/next buttons move one card. */
export function Gallery({ gallery, enabled, messageKey }: { gallery: unknown; enabled: boolean; messageKey: string }) {
  const widget = useWidget();
  widget.adoptCss(stepButtonsCss, galleryCss);
  const t = translator(widget);
  const track = useRef<HTMLDivElement>(null);
  const cards = galleryCards(gallery);
  if (!cards.length) return null;
  const move = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollBy({ left: direction * rtl * (el.clientWidth * 0.8), behavior: 'smooth' });
  };
  return (
    <div class="gallery" role="region" aria-roledescription={t('CAROUSEL_LABEL')} aria-label={t('CAROUSEL_LABEL')}>
      <div
        ref={track}
        class="gallery-track"
        tabIndex={0}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
            e.preventDefault();
            move(e.key === 'ArrowRight' ? 1 : -1);
          }
        }}
      >
        {cards.map((card, i) => (
          <div
            key={i}
            class="gallery-card"
            role="group"
            aria-roledescription={t('CAROUSEL_SLIDE_LABEL')}
            aria-label={t('CAROUSEL_POSITION', { index: i + 1, count: cards.length })}
          >
            {card.image && <img class="gallery-image" src={card.image} alt="" loading="lazy" referrerpolicy="no-referrer" width={220} height={124} />}
            {card.title && <p class="gallery-title">{card.title}</p>}
            {card.description && <p class="gallery-description">{card.description}</p>}
            <QuickReplies buttons={card.buttons} enabled={enabled} messageKey={messageKey} />
          </div>
        ))}
      </div>
      {cards.length > 1 && (
        <div class="gallery-nav">
          <button type="button" class="icon-button small" aria-label={t('CAROUSEL_PREVIOUS')} onClick={() => move(-1)}>
            ‹
          </button>
          <button type="button" class="icon-button small" aria-label={t('CAROUSEL_NEXT')} onClick={() => move(1)}>
            ›
          </button>
        </div>
      )}
    </div>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default Gallery;
