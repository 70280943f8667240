import type { ComponentType } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { translator, useWidget } from './context.ts';
import { icon } from './icons.tsx';
import optionsMenuCss from './OptionsMenu.css?inline';
import { saveTranscript } from './saveTranscript.ts';

/**
 * Which item takes the focus as the menu opens, as `Array.at` counts: ↓, Enter, Space and a click
 * open on the first (0), ↑ on the last (-1).
 */
export type MenuFocus = 0 | -1;

export interface OptionsMenuProps {
  focus: MenuFocus;
  canEnd: boolean;
  canSave: boolean;
  /** The header's state of the menu: null closes it. */
  setMenu(menu: MenuFocus | null): void;
}

// Here, not in icons.tsx: only the menu, loaded on demand, draws them.
const SaveIcon = icon('M11 4h2v8.2l3.3-3.3 1.4 1.4-5.7 5.7-5.7-5.7 1.4-1.4 3.3 3.3V4ZM5 18h14v2H5v-2Z');
const EndChatIcon = icon(
  'M5 3h9a2 2 0 0 1 2 2v3h-2V5H5v14h9v-3h2v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm11.6 4.6L21 12l-4.4 4.4-1.4-1.4 2-2H9v-2h8.2l-2-2 1.4-1.4Z',
);

/** The item a key moves the focus to, from item `at` of `count` (wrapping); undefined for keys the menu leaves alone. */
export function menuStep(key: string, at: number, count: number): number | undefined {
  if (key === 'ArrowDown') return (at + 1) % count;
  if (key === 'ArrowUp') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * The header's options ("…"): the conversation's rarer actions with their names written out, a menu
 * as in the WAI-ARIA menu button pattern. Arrows, Home and End move among the items; Esc closes it
 * and gives the button the focus back; Tab, a click elsewhere or the focus leaving close it. Ending
 * asks first, as it always did (CloseConfirm).
 */
export function OptionsMenu({ focus, canEnd, canSave, setMenu }: OptionsMenuProps) {
  const widget = useWidget();
  widget.adoptCss(optionsMenuCss);
  const { intents } = widget;
  const t = translator(widget);
  const menu = useRef<HTMLDivElement>(null);
  // The header's "…" button that opened it: the menu comes right after it.
  const button = () => menu.current?.previousElementSibling as HTMLElement | null | undefined;
  /** `refocus`: the focus goes back to the button (Esc, an item that leaves nothing else to focus). */
  const onClose = (refocus: boolean) => {
    setMenu(null);
    if (refocus) button()?.focus();
  };
  const items: Array<{ key: string; label: string; Icon: ComponentType; act(): void }> = [];
  if (canSave) items.push({ key: 'save', label: t('DOWNLOAD_TRANSCRIPT'), Icon: SaveIcon, act: () => (void saveTranscript(intents), onClose(true)) });
  // The confirmation takes the focus (its Cancel button).
  if (canEnd) items.push({ key: 'end', label: t('CLOSE_CHAT'), Icon: EndChatIcon, act: () => (onClose(false), intents.confirmClose(true)) });
  const buttons = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? []);

  // A press on the "…" button: its click closes the menu (a toggle), not the focus leaving for it.
  const pressingButton = useRef(false);

  useEffect(() => {
    buttons().at(focus)?.focus();
    // A press anywhere else (the window, the host page) closes the menu; the button's own click toggles it.
    const doc = menu.current?.ownerDocument;
    const away = (e: Event) => {
      const path = e.composedPath();
      pressingButton.current = path.includes(button()!);
      if (!pressingButton.current && !path.includes(menu.current!)) onClose(false);
    };
    doc?.addEventListener('pointerdown', away, true);
    return () => doc?.removeEventListener('pointerdown', away, true);
    // Once, as it opens: `focus` only says where it starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div
      ref={menu}
      part="options-menu"
      class="options-menu"
      role="menu"
      aria-label={t('OPTIONS')}
      onKeyDown={(e) => {
        const all = buttons();
        const next = menuStep(e.key, all.indexOf(e.target as HTMLElement), all.length);
        if (next !== undefined) {
          e.preventDefault();
          all[next]?.focus();
        } else if (e.key === 'Escape') {
          // The menu, not the window: Esc closes what is on top.
          e.preventDefault();
          e.stopPropagation();
          onClose(true);
        }
      }}
      // Tab (or anything else) took the focus out of the menu: it closes, the focus stays where it went.
      onFocusOut={(e) => {
        const to = e.relatedTarget as Node | null;
        if (to && !menu.current?.contains(to) && !pressingButton.current) onClose(false);
      }}
    >
      {items.map(({ key, label, Icon, act }) => (
        <button key={key} type="button" role="menuitem" tabIndex={-1} class="options-item" onClick={act}>
          <Icon />
          {label}
        </button>
      ))}
    </div>
  );
}
