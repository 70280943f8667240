import type { MessageMetadata } from '../api/wire.ts';
import { safeLinkUrl } from '../state/safeUrl.ts';
import { translator, useWidget } from './context.ts';
import fileMessageCss from './FileMessage.css?inline';
import { svg } from './icons.tsx';

export function formatBytes(bytes: number, lang: string): string {
  if (!(bytes >= 0) || !Number.isFinite(bytes)) return '';
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  try {
    return new Intl.NumberFormat(lang || undefined, {
      style: 'unit',
      unit: units[unit],
      unitDisplay: 'short',
      maximumFractionDigits: value < 10 && unit ? 1 : 0,
    }).format(value);
  } catch {
    return `${Math.round(value)} ${['B', 'kB', 'MB', 'GB'][unit]}`;
  }
}

/** A file the other side (or the visitor) sent: name, size and a download link (http(s) only). */
export function FileMessage({ metadata, fallbackName }: { metadata: MessageMetadata | undefined; fallbackName: string }) {
  const widget = useWidget();
  widget.adoptCss(fileMessageCss);
  const { lang } = widget;
  const t = translator(widget);
  const href = safeLinkUrl(typeof metadata?.src === 'string' ? metadata.src : '');
  const name = (typeof metadata?.name === 'string' && metadata.name.trim()) || fallbackName || t('ATTACHMENT_LABEL');
  const size = typeof metadata?.size === 'number' ? formatBytes(metadata.size, lang.value) : '';
  const body = (
    <>
      <FileIcon />
      <span class="file-text">
        <span class="file-name">{name}</span>
        {size && <span class="file-size">{size}</span>}
      </span>
    </>
  );
  if (!href || !/^https?:/i.test(href)) return <div class="file-card">{body}</div>;
  return (
    <a class="file-card" href={href} target="_blank" rel="noopener noreferrer" download={name} aria-label={t('DOWNLOAD_FILE', { name })}>
      {body}
    </a>
  );
}

// Here, not in icons.tsx: only file cards (a lazy view) show it.
function FileIcon() {
  return (
    <svg {...svg}>
      <path fill="currentColor" d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm7 1.5V9h5.5L13 3.5ZM8 13v2h8v-2H8Zm0 4v2h5v-2H8Z" />
    </svg>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default FileMessage;
