import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// The review benchmark drives the real UI (served by `akira serve`) with Playwright, like the e2e specs.
// Run: npx electron-vite build && npx playwright test --config bench/review/playwright.config.ts
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.bench.ts',
  outputDir: '../../test-results/bench-review',
  timeout: 30 * 60_000,
  retries: 0,
});
