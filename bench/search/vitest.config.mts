import { defineConfig } from 'vitest/config';

// The search-in-files benchmark runs through vitest (it imports the TypeScript core directly).
export default defineConfig({
  test: {
    include: ['bench/search/*.bench.ts'],
    pool: 'forks',
    testTimeout: 1_800_000,
    reporters: ['verbose'],
  },
});
