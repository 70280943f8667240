import { Component, h, type FunctionComponent } from 'preact';

function differs(a: object, b: object): boolean {
  for (const key in a) if (!(key in b)) return true;
  for (const key in b) if ((a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]) return true;
  return false;
}

/**
 * A view that re-renders only when a prop changed (compared by identity): the messages keep their
 * objects (client/conversation/conversation.ts), so a new one renders itself alone, not the thousands before it.
 * The view is rendered as a child of the gate: its own signals and hooks still re-render it.
 * (preact/compat's `memo` does the same, but compat would come with it in the bundle.)
 */
export function memoView<P extends object>(view: FunctionComponent<P>): FunctionComponent<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      return differs(this.props, next);
    }
    override render(props: P) {
      return h(view, props);
    }
  }
  return Memo as unknown as FunctionComponent<P>;
}
