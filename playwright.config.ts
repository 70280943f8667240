import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './.ci/chromium.mjs';

/**
 * End-to-end tests in Debian's Chromium against the demo service (`demo/`), which serves the
 * built widget from `dist/` — run `npm run build` first (`npm test` does).
 * Never lets Playwright download a browser of its own.
 */
export const API_PORT = Number(process.env.PORCHLIGHT_E2E_API_PORT ?? 4310);
export const PAGES_PORT = Number(process.env.PORCHLIGHT_E2E_PAGES_PORT ?? 4311);

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: {
    timeout: 8_000,
    // Screenshot baselines (e2e/visual.spec.ts) are committed beside the specs, one folder per spec.
    toHaveScreenshot: { pathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}', animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  fullyParallel: true,
  workers: 2,
  // One retry in CI absorbs a machine hiccup; a retried test is still reported as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PAGES_PORT}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    screenshot: 'off',
  },
  webServer: {
    command: 'npx tsx demo/server/main.ts',
    url: `http://127.0.0.1:${PAGES_PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: {
      PORCHLIGHT_API_PORT: String(API_PORT),
      PORCHLIGHT_PAGES_PORT: String(PAGES_PORT),
      PORCHLIGHT_DEMO_QUIET: '1',
    },
  },
});
