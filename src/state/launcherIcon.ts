/**
 * The launcher's chat icon (a 24×24 viewBox path): drawn by the app's launcher (`ui/icons.tsx`) and
 * kept in the look cache, so the loader's placeholder draws the very same shape without carrying it.
 */
export const CHAT_ICON_PATH =
  'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8.5L4 21.5V18a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 6.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z';
