// Views follow signals through @preact/signals' integration (ui/context.ts imports it for every view).
import { signal } from '@preact/signals';
import { render } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { memoView } from './memoView.ts';

describe('memoView', () => {
  it('renders again only when a prop changed, and still follows its own signals and state', async () => {
    let renders = 0;
    const label = signal('a');
    let bump: () => void = () => {};
    const View = memoView(({ item, n }: { item: { text: string }; n: number }) => {
      renders++;
      const [count, setCount] = useState(0);
      bump = () => setCount((c) => c + 1);
      return (
        <p>
          {item.text} {n} {label.value} {count}
        </p>
      );
    });
    const item = { text: 'x' };
    const { container, rerender } = render(<View item={item} n={1} />);
    expect(renders).toBe(1);
    rerender(<View item={item} n={1} />);
    expect(renders).toBe(1);
    rerender(<View item={{ text: 'x' }} n={1} />);
    expect(renders).toBe(2);
    rerender(<View item={item} n={2} />);
    expect(renders).toBe(3);
    await act(() => {
      label.value = 'b';
    });
    expect(renders).toBe(4);
    await act(() => bump());
    expect(renders).toBe(5);
    expect(container.textContent).toBe('x 2 b 1');
  });
});
