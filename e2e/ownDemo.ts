import { test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDemo, type DemoHandle, type DemoOptions } from '../demo/server/index.ts';

/** A demo service of one worker's own (see `withOwnDemo`). */
export interface OwnDemo {
  readonly apiOrigin: string;
  readonly apiUrl: string;
  readonly pagesOrigin: string;
  /** Stops the service, as a crash or a deploy would; `start` brings it back on the same ports. */
  stop(): Promise<void>;
  /** Starts it again after `stop`, from its data file when it keeps one. */
  start(): Promise<void>;
}

/**
 * `test` with a worker-scoped `demo`: a demo service of this worker's own, on ports the system
 * picks. For specs that set faults, restart the service or run it in another mode: nothing they do
 * reaches the shared instance or another worker's tests, and every worker can run them: no fixed
 * ports, so nothing collides (with another worker, or another checkout on the same machine).
 * `dataFile: true` keeps the store in a file of its own, so that a restart finds it again.
 */
export function withOwnDemo(options: Omit<DemoOptions, 'apiPort' | 'pagesPort' | 'dataFile'> & { dataFile?: boolean } = {}) {
  return test.extend<object, { demo: OwnDemo }>({
    demo: [
      // Playwright reads the fixtures a fixture needs from this pattern: none here.
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const dataDir = options.dataFile ? mkdtempSync(path.join(tmpdir(), 'porchlight-demo-')) : undefined;
        const settings: DemoOptions = { quiet: true, ...options, dataFile: dataDir && path.join(dataDir, 'store.json') };
        let handle: DemoHandle | null = await startDemo(settings);
        const ports = { apiPort: Number(new URL(handle.apiOrigin).port), pagesPort: Number(new URL(handle.pagesOrigin).port) };
        const { apiOrigin, apiUrl, pagesOrigin } = handle;
        await use({
          apiOrigin,
          apiUrl,
          pagesOrigin,
          async stop() {
            await handle?.close();
            handle = null;
          },
          async start() {
            handle ??= await startDemo({ ...settings, ...ports });
          },
        });
        await handle?.close();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      },
      { scope: 'worker' },
    ],
  });
}
