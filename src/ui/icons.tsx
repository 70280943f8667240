import { CHAT_ICON_PATH } from '../state/launcherIcon.ts';

/** Inline SVG icons: no requests, no fonts, inherit `currentColor`. Decorative: hidden from AT. */
export const svg = { 'aria-hidden': 'true' as const, viewBox: '0 0 24 24', width: 24, height: 24 };

/** An icon drawn by one path. */
export function icon(d: string) {
  return () => (
    <svg {...svg}>
      <path fill="currentColor" d={d} />
    </svg>
  );
}

export const ChatIcon = icon(CHAT_ICON_PATH);

export const CloseIcon = icon('M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z');

export const SendIcon = icon('M3 20.5v-7l9-1.5-9-1.5v-7L22 12 3 20.5Z');

/** The header's options (OptionsMenu.tsx): three dots. */
export const MoreIcon = icon('M5 10a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z');

export const ChevronDownIcon = icon('m12 15.4-6-6L7.4 8l4.6 4.6L16.6 8 18 9.4l-6 6Z');

export const PaperclipIcon = icon(
  'M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10h-1.5Z',
);
