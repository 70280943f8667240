import { vi } from 'vitest';

/**
 * Code on demand at `modules` (paths from src/test, e.g. `../client/conversation/typing.ts`) that counts its
 * downloads in `loads` (called with the module) and cannot be downloaded while `network.codeDown`.
 * Call `vi.doUnmock(module)` and `vi.resetModules()` after each test.
 */
export function codeOnDemand(...modules: string[]) {
  const network = { codeDown: false };
  const loads = vi.fn<(module: string) => void>();
  for (const module of modules)
    vi.doMock(module, async (original) => {
      loads(module);
      if (network.codeDown) throw new Error('Failed to fetch dynamically imported module');
      return original();
    });
  return { network, loads };
}

/**
 * A download of `code` the test settles by hand: `load` (a mock, counting the downloads asked for)
 * starts it; `resolve` hands over `code`, `reject` fails it.
 */
export function downloadSettledByHand<T>(code: T) {
  let settle: { resolve(): void; reject(error: Error): void } | null = null;
  const load = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        settle = { resolve: () => resolve(code), reject };
      }),
  );
  return { load, resolve: () => settle!.resolve(), reject: (error: Error) => settle!.reject(error) };
}
