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

/**
 * The emoji picker (a lazy chunk with its data and styles, EmojiButton.tsx). Search first; the emoji are one tab stop
 * (roving tabindex) moved with the arrow keys, which follow the reading direction.
 */
export function EmojiPicker({ input, onPick, onClose, idPrefix }: EmojiPickerProps) {
  const widget = useWidget();
  const { lang, textOf } = widget;
  const t = translator(widget);
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const all = useMemo(() => emojiCategories(), []);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = useMemo(() => searchEmoji(all, query), [all, query]);
  const flat = shown.flatMap((c) => c.entries);

  widget.adoptCss(css);
  useEffect(() => search.current?.focus({ preventScroll: true }), []);
  useEffect(() => setActive(0), [query]);

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

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      return;
    }
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
    const isRtl = root.current?.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const next = moveInGrid(
      active,
      e.key,
      shown.map((c) => c.entries.length),
      EMOJI_COLUMNS,
      isRtl,
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
      <div ref={grid} class="emoji-scroll">
        {shown.map((category) => (
          <div key={category.id} role="group" aria-labelledby={`${idPrefix}-emoji-${category.id}`}>
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
