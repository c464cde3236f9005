import { defineConfig } from 'vitest/config';

// Records the agent event fixtures of the renderer's store tests from real scripted sessions:
//   npx vitest run --config e2e/support/recordAgentFixtures.vitest.mts
export default defineConfig({
  test: { include: ['e2e/support/recordAgentFixtures.rec.ts'], pool: 'forks', testTimeout: 60_000 },
});
