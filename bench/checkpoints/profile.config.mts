import { defineConfig } from 'vitest/config';

// Profiling run of incremental checkpoints (profile.prof.ts):
//   AKIRA_CHECKPOINT_TRACE=1 npx vitest run --config bench/checkpoints/profile.config.mts
// CPU_PROF=<dir> also writes a V8 CPU profile there.
const cpuProf = process.env.CPU_PROF;
export default defineConfig({
  test: {
    include: ['bench/checkpoints/*.prof.ts'],
    pool: 'forks',
    testTimeout: 3_600_000,
    reporters: ['verbose'],
    ...(cpuProf ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] } : {}),
  },
});
