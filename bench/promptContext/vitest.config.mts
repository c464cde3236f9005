import { defineConfig } from 'vitest/config';

// The prompt-context measurement runs through vitest (it drives the TypeScript core in-process).
export default defineConfig({
  test: {
    include: ['bench/promptContext/*.bench.ts'],
    pool: 'forks',
    testTimeout: 1_800_000,
    reporters: ['verbose'],
  },
});
