import { defineConfig } from 'vitest/config';

// The diagnostics benchmark runs through vitest (it imports the TypeScript core directly).
// Run: npm run bench:diagnostics
export default defineConfig({
  test: {
    include: ['bench/diagnostics/*.bench.ts'],
    pool: 'forks',
    testTimeout: 1_800_000,
    reporters: ['verbose'],
  },
});
