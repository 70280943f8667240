import { useEffect, useRef, useState } from 'preact/hooks';
import { translator, useWidget } from './context.ts';
import { CloseIcon } from './icons.tsx';
import imageViewerCss from './ImageViewer.css?inline';

/** The full-size view of an image, inside the widget (never a new page); Esc or the button closes. */
export function ImageViewer() {
  const widget = useWidget();
  widget.adoptCss(imageViewerCss);
  const { ui, intents } = widget;
  const t = translator(widget);
  const image = ui.viewerImage.value;
  const closeButton = useRef<HTMLButtonElement>(null);
  // The picture's own size, once it has loaded: the stylesheet fits it to the viewport from it.
  const [natural, setNatural] = useState<{ src: string; width: number; height: number } | null>(null);
  // Focus moves to the close button when an image opens or another one replaces it (not when the
  // same image is handed over again).
  const src = image?.src;
  useEffect(() => {
    if (src !== undefined) closeButton.current?.focus();
  }, [src]);
  if (!image) return null;
  const close = () => intents.viewImage(null);
  return (
    <div
      class="viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t('IMAGE_VIEWER_LABEL')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <img
        src={image.src}
        alt={image.alt}
        referrerpolicy="no-referrer"
        style={natural?.src === image.src ? { '--pl-natural-width': `${natural.width}px`, '--pl-aspect': natural.width / natural.height } : undefined}
        onLoad={(e) => {
          const { naturalWidth: width, naturalHeight: height } = e.currentTarget;
          if (width && height) setNatural({ src: image.src, width, height });
        }}
      />
      <button ref={closeButton} type="button" class="icon-button viewer-close" aria-label={t('CLOSE')} onClick={close}>
        <CloseIcon />
      </button>
    </div>
  );
}
