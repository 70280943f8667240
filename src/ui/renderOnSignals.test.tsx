import { signal } from '@preact/signals-core';
import { render } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { options, type VNode } from 'preact';
import { act } from 'preact/test-utils';
import { followSignals } from './renderOnSignals.ts';
import { describe, expect, it } from 'vitest';

followSignals();

describe('views follow signals (renderOnSignals.ts)', () => {
  it('renders a view again when a signal it read changes, and only that view', async () => {
    const name = signal('Ada');
    const count = signal(0);
    const renders = { parent: 0, child: 0 };
    const Child = () => {
      renders.child++;
      return <b>{count.value}</b>;
    };
    const Parent = () => {
      renders.parent++;
      return (
        <p>
          {name.value} <Child />
        </p>
      );
    };
    const { container } = render(<Parent />);
    expect(container.textContent).toBe('Ada 0');
    // What the child reads is the child's: the parent's tracking ended where its render did.
    await act(() => void (count.value = 1));
    expect(renders).toEqual({ parent: 1, child: 2 });
    // The parent renders again; the child, driven by signals only and given the same props, does not.
    await act(() => void (name.value = 'Grace'));
    expect(renders).toEqual({ parent: 2, child: 2 });
    expect(container.textContent).toBe('Grace 1');
  });

  it('renders again a view that reads no signal whenever its parent does (no memo without signals)', async () => {
    const tick = signal(0);
    let plain = 0;
    const Plain = ({ label }: { label: string }) => {
      plain++;
      return <i>{label}</i>;
    };
    const Parent = () => <Plain label={`n${tick.value}`.slice(0, 1)} />;
    render(<Parent />);
    await act(() => void (tick.value = 1));
    expect(plain).toBe(2);
  });

  it('renders a view that reads signals when its props change, and a view with state when its state does', async () => {
    const prefix = signal('#');
    let bump = () => {};
    const renders = { shown: 0 };
    const Shown = ({ n }: { n: number }) => {
      renders.shown++;
      const [extra, setExtra] = useState(0);
      bump = () => setExtra((e) => e + 1);
      return (
        <span>
          {prefix.value}
          {n + extra}
        </span>
      );
    };
    const { container, rerender } = render(<Shown n={1} />);
    rerender(<Shown n={1} />);
    expect(renders.shown).toBe(1);
    rerender(<Shown n={2} />);
    expect(renders.shown).toBe(2);
    await act(() => bump());
    expect(renders.shown).toBe(3);
    expect(container.textContent).toBe('#3');
  });

  it('stops following signals once a view is gone', async () => {
    const value = signal('a');
    let renders = 0;
    const View = () => {
      renders++;
      return <p>{value.value}</p>;
    };
    const { unmount } = render(<View />);
    unmount();
    await act(() => void (value.value = 'b'));
    expect(renders).toBe(1);
  });

  it('starts tracking after the render hooks installed later (preact/hooks comes with the first view on demand that uses hooks)', async () => {
    const shown = signal('a');
    const readByHook = signal(0);
    let renders = 0;
    const View = () => {
      renders++;
      return <p>{shown.value}</p>;
    };
    // What preact/hooks does when it comes: its render hook wraps the one there, and runs effects
    // still pending (which may read signals) before the component renders.
    type RenderHook = (vnode: VNode) => void;
    const hooks = options as { __r?: RenderHook };
    const inner = hooks.__r;
    let installed = true;
    hooks.__r = (vnode) => {
      inner?.(vnode);
      if (installed && vnode.type === View) void readByHook.value;
    };
    try {
      render(<View />);
      await act(() => void (shown.value = 'b'));
      expect(renders).toBe(2);
      // What the later hook read is not the view's: it does not render again for it.
      await act(() => void readByHook.value++);
      expect(renders).toBe(2);
    } finally {
      installed = false;
    }
  });
});
