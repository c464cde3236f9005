import { defineConfig } from 'vitest/config';

// The HTTP API benchmark runs through vitest (it drives the TypeScript core and server in-process).
export default defineConfig({
  test: {
    include: ['bench/api/*.bench.ts'],
    pool: 'forks',
    testTimeout: 1_800_000,
    reporters: ['verbose'],
  },
});
