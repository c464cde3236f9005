import { defineConfig } from 'vitest/config';

// The file finder benchmark runs through vitest (it imports the TypeScript core directly).
export default defineConfig({
  test: {
    include: ['bench/context/*.bench.ts'],
    pool: 'forks',
    testTimeout: 1_800_000,
    reporters: ['verbose'],
  },
});
