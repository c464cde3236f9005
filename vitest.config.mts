import { defineConfig } from 'vitest/config';

// Unit and integration tests sit next to the code (src/**/*.test.ts); Playwright specs live in e2e/.
// The global setup builds out/ once when it is missing, because the CLI tests run the real built command.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'out/**', 'bench/**', 'e2e/**'],
    globalSetup: ['./vitest.globalSetup.mts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
