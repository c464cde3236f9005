import { defineConfig } from 'vitest/config';

// Prompts per scripted session without and with the OS sandbox (issue 26): real agent sessions through the core.
// Its own config, so that `bench:sandbox`'s timings do not share the machine with these sessions.
export default defineConfig({
  test: {
    include: ['bench/sandbox/prompts.bench.test.ts'],
    pool: 'forks',
    testTimeout: 1_800_000,
    reporters: ['verbose'],
  },
});
