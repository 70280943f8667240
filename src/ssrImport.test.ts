// @vitest-environment node
import { describe, expect, it } from 'vitest';

// Server-side rendering imports the package where there is no DOM (issue 12 §4). The built
// entries are checked the same way in e2e/package.spec.ts; this is the quick check on the sources.
describe('importing the npm entries without a DOM', () => {
  it('has no DOM here', () => {
    expect(typeof HTMLElement).toBe('undefined');
  });

  it.each([
    ['porchlight', () => import('./index.ts')],
    ['porchlight/element', () => import('./element.ts')],
    ['porchlight/react', () => import('./frameworks/react.ts')],
    ['porchlight/vue', () => import('./frameworks/vue.ts')],
  ])('%s imports without throwing', async (_name, load) => {
    const module = await load();
    expect(Object.keys(module).length).toBeGreaterThan(0);
  });
});
