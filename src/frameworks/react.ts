'use client';

/**
 * `porchlight/react`: `<Porchlight projectid="…" apiUrl="…" />` mounts a widget into a `<div>`
 * and destroys it on unmount. Props are the settings of `mount()`; a change is applied live with
 * `update()`, or with a new instance where only that can apply it (see settingsChange.ts).
 * React is the host app's own (an optional peer dependency), never bundled here.
 */
import { createElement, useEffect, useRef, useState, type ReactElement } from 'react';
import { mount, type MountSettings, type WidgetInstance } from '../index.ts';
import { settingsChange } from './settingsChange.ts';

// Everything a component's props and instance name, so an app imports them from here alone.
export type * from '../index.ts';

/** The props of `<Porchlight>`: the settings of `mount()` (a closed type: a misspelt one does not compile), and the component's own. */
export type PorchlightProps = MountSettings & {
  /** Class of the `<div>` the widget is mounted in (a preview is positioned inside it). */
  className?: string;
  /** The live instance (`open()`, `on()`, …) once mounted, and `null` once destroyed. */
  onInstance?: (instance: WidgetInstance | null) => void;
};

/** `<Porchlight projectid="…" />`: a widget mounted into a `<div>` while rendered; changed props are applied live. */
export function Porchlight(props: PorchlightProps): ReactElement {
  const { className, onInstance, ...settings } = props;
  const container = useRef<HTMLDivElement>(null);
  const instance = useRef<WidgetInstance | null>(null);
  const applied = useRef<MountSettings>(settings);
  const latest = useRef({ settings, onInstance });
  latest.current = { settings, onInstance };
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const widget = mount(element, latest.current.settings);
    instance.current = widget;
    applied.current = latest.current.settings;
    latest.current.onInstance?.(widget);
    return () => {
      widget.destroy();
      instance.current = null;
      latest.current.onInstance?.(null);
    };
  }, [generation]);

  // `settings` is a fresh object on every render, so this runs after each one and compares by
  // content (settingsChange). It cannot loop: a remount re-renders once, and the mount effect above
  // records the settings it mounted with before this one compares again, finding no change.
  useEffect(() => {
    const widget = instance.current;
    if (!widget) return;
    const change = settingsChange(applied.current, settings);
    if (change.kind === 'remount') setGeneration((n) => n + 1);
    else if (change.kind === 'update') {
      widget.update(change.partial);
      applied.current = settings;
    }
  }, [settings]);

  return createElement('div', { ref: container, className, 'data-porchlight': '' });
}
