import type { RefObject } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { translator, useWidget } from '../context.ts';
import { emojiCategories, moveInGrid, searchEmoji } from './emojiSearch.ts';
import css from './EmojiPicker.css?inline';

export const EMOJI_COLUMNS = 8;

export interface EmojiPickerProps {
  /** The composer's text box: a chosen emoji goes in at its caret. */
  input: RefObject<HTMLTextAreaElement>;
  /** The composer's text changed by an insertion (the picker closes after it). */
  onPick(text: string): void;
  /** Escape: the composer closes the picker and takes focus back. */
  onClose(): void;
  idPrefix: string;
}

/** The index `key` moves a tab to among `count` (wrapping; Left and Right follow the reading direction), or null. */
function nextTab(index: number, key: string, count: number, rtl: boolean): number | null {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const step = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  if (!step) return null;
  return (index + (rtl ? -step : step) + count) % count;
}

/**
 * The emoji picker (a lazy chunk with its data and styles, EmojiButton.tsx). Search first, then a
 * tab per category (tablist pattern: one tab stop, arrows, Home and End; the tab of the category in
 * view is selected as the list scrolls); the emoji are one tab stop (roving tabindex) moved with
 * the arrow keys, which follow the reading direction.
 */
export function EmojiPicker({ input, onPick, onClose, idPrefix }: EmojiPickerProps) {
  const widget = useWidget();
  const { lang, textOf } = widget;
  const t = translator(widget);
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const tablist = useRef<HTMLDivElement>(null);
  // A tab's own scroll is not followed (at the list's end its category may sit below the top).
  const jumped = useRef(false);
  const all = useMemo(() => emojiCategories(), []);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [tab, setTab] = useState(0);
  const shown = useMemo(() => searchEmoji(all, query), [all, query]);
  const flat = shown.flatMap((c) => c.entries);

  widget.adoptCss(css);
  useEffect(() => search.current?.focus({ preventScroll: true }), []);
  useEffect(() => {
    setActive(0);
    setTab(0);
  }, [query]);

  // The emoji replaces any selection; the caret lands after it, back in the text box.
  const pick = (emoji: string) => {
    const el = input.current;
    if (!el) return;
    const start = el.selectionStart;
    const text = el.value.slice(0, start) + emoji + el.value.slice(el.selectionEnd);
    onPick(text);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const focusEmoji = (index: number) => {
    setActive(index);
    grid.current?.querySelectorAll<HTMLButtonElement>('button')[index]?.focus();
  };

  const isRtl = () => root.current?.closest('[dir]')?.getAttribute('dir') === 'rtl';

  // A tab scrolls its category to the top and makes its first emoji the grid's tab stop.
  const showCategory = (i: number) => {
    setTab(i);
    setActive(all.slice(0, i).reduce((sum, c) => sum + c.entries.length, 0));
    const scroller = grid.current;
    const group = scroller?.children[i];
    if (!scroller || !group) return;
    const before = scroller.scrollTop;
    scroller.scrollTop += group.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    jumped.current = scroller.scrollTop !== before;
  };

  // The selected tab follows the category at the top of the list as the visitor scrolls.
  const onScroll = () => {
    const scroller = grid.current;
    if (!scroller || query) return;
    if (jumped.current) {
      jumped.current = false;
      return;
    }
    const top = scroller.getBoundingClientRect().top + 1;
    const groups = [...scroller.children];
    let inView = 0;
    groups.forEach((group, i) => {
      if (group.getBoundingClientRect().top <= top) inView = i;
    });
    setTab(inView);
  };

  const onTabKeyDown = (e: KeyboardEvent, i: number) => {
    const next = nextTab(i, e.key, all.length, isRtl());
    if (next === null) return;
    e.preventDefault();
    showCategory(next);
    tablist.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      return;
    }
    // The tabs move themselves (onTabKeyDown).
    if ((e.target as Element).getAttribute('role') === 'tab') return;
    if (e.target === search.current) {
      if (e.key === 'ArrowDown' && flat.length) {
        e.preventDefault();
        focusEmoji(0);
      } else if (e.key === 'Enter' && flat[0]) {
        e.preventDefault();
        pick(flat[0].emoji);
      }
      return;
    }
    const next = moveInGrid(
      active,
      e.key,
      shown.map((c) => c.entries.length),
      EMOJI_COLUMNS,
      isRtl(),
    );
    if (next === null) return;
    e.preventDefault();
    if (e.key === 'ArrowUp' && next === active) search.current?.focus();
    else focusEmoji(next);
  };

  let index = 0;
  return (
    <div ref={root} part="emoji-picker" class="emoji-picker" role="dialog" aria-label={t('EMOJI_PICKER_LABEL')} lang={lang.value} onKeyDown={onKeyDown}>
      <input
        ref={search}
        type="search"
        class="emoji-search"
        aria-label={t('EMOJI_SEARCH')}
        placeholder={t('EMOJI_SEARCH')}
        value={query}
        autocomplete="off"
        onInput={(e) => setQuery(e.currentTarget.value)}
      />
      {!query && (
        <div ref={tablist} class="emoji-tabs" role="tablist" aria-label={t('EMOJI_CATEGORIES')}>
          {all.map((category, i) => (
            <button
              key={category.id}
              type="button"
              role="tab"
              class="emoji-tab"
              aria-selected={i === tab}
              aria-controls={`${idPrefix}-emoji-group-${category.id}`}
              aria-label={textOf(`EMOJI_CATEGORY_${category.id}`)}
              title={textOf(`EMOJI_CATEGORY_${category.id}`)}
              tabIndex={i === tab ? 0 : -1}
              onClick={() => showCategory(i)}
              onKeyDown={(e) => onTabKeyDown(e, i)}
            >
              <span aria-hidden="true">{category.entries[0]?.emoji}</span>
            </button>
          ))}
        </div>
      )}
      <div ref={grid} class="emoji-scroll" onScroll={onScroll}>
        {shown.map((category) => (
          <div key={category.id} id={`${idPrefix}-emoji-group-${category.id}`} role="group" aria-labelledby={`${idPrefix}-emoji-${category.id}`}>
            <p id={`${idPrefix}-emoji-${category.id}`} class="emoji-category">
              {textOf(`EMOJI_CATEGORY_${category.id}`)}
            </p>
            <div class="emoji-grid">
              {category.entries.map((entry) => {
                const i = index++;
                return (
                  <button
                    key={entry.emoji}
                    type="button"
                    class="emoji"
                    tabIndex={i === active ? 0 : -1}
                    aria-label={entry.words.split(',')[0]}
                    onClick={() => pick(entry.emoji)}
                    onFocus={() => setActive(i)}
                  >
                    {entry.emoji}
                  </button>
                );
              })}
            </div>
          </div>
        ))}
        {!flat.length && (
          <p class="emoji-empty" role="status">
            {t('EMOJI_NO_RESULTS')}
          </p>
        )}
      </div>
    </div>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default EmojiPicker;
