import { join } from 'node:path';
import { createApprovalsStore } from '../../common/approvalsStore';
import type { RepoTrust } from '../../common/repoGitGuard';

/**
 * Which repositories' own git programs (hooks, filters, merge and diff drivers, fsmonitor: common/repoPrograms.ts)
 * the user trusts Akira's git calls to run (issue 26): `<dataDir>/git-trust.json`, keyed by the repository's common
 * git dir and holding the fingerprint of exactly the programs trusted (a hook by its content). Anything changed in
 * them needs trusting again. One per core: every git runner of the open folder asks it, and `version` tells them to
 * ask again after a change.
 */

export const GIT_TRUST_FILE = 'git-trust.json';
const NAME = 'programs';

export interface GitTrust extends RepoTrust {
  trust(commonDir: string, fingerprint: string): Promise<void>;
  revoke(commonDir: string): Promise<void>;
}

export function createGitTrust(dataDir: string): GitTrust {
  const store = createApprovalsStore(join(dataDir, GIT_TRUST_FILE));
  let version = 0;
  return {
    version: () => version,
    isTrusted: (commonDir, fingerprint) => store.isApproved(commonDir, NAME, fingerprint),
    async trust(commonDir, fingerprint) {
      await store.approve(commonDir, NAME, fingerprint);
      version++;
    },
    async revoke(commonDir) {
      await store.revoke(commonDir, NAME);
      version++;
    },
  };
}
