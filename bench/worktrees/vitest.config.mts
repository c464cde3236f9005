import { defineConfig } from 'vitest/config';

// The worktrees benchmark runs through vitest (it imports the TypeScript core directly).
// Run: npx vitest run --config bench/worktrees/vitest.config.mts
export default defineConfig({
  test: {
    include: ['bench/worktrees/*.bench.ts'],
    pool: 'forks',
    testTimeout: 1_800_000,
    reporters: ['verbose'],
  },
});
