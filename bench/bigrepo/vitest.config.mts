import { defineConfig } from 'vitest/config';

// The big-repository benchmark (issue 30) runs through vitest (it imports the TypeScript core directly); one fork,
// with gc exposed so that memory is read after a collection.
export default defineConfig({
  test: {
    include: ['bench/bigrepo/*.bench.ts'],
    pool: 'forks',
    execArgv: ['--expose-gc'],
    testTimeout: 3_600_000,
    reporters: ['verbose'],
  },
});
