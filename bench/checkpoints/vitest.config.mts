import { defineConfig } from 'vitest/config';

// The checkpoints benchmark runs through vitest (it imports the TypeScript core directly).
export default defineConfig({
  test: {
    include: ['bench/checkpoints/*.bench.ts'],
    pool: 'forks',
    testTimeout: 3_600_000,
    reporters: ['verbose'],
  },
});
