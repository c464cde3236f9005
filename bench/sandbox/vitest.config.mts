import { defineConfig } from 'vitest/config';

// The sandbox benchmark runs through vitest (it drives the TypeScript core in-process).
export default defineConfig({
  test: {
    include: ['bench/sandbox/*.bench.ts'],
    pool: 'forks',
    testTimeout: 1_800_000,
    reporters: ['verbose'],
  },
});
