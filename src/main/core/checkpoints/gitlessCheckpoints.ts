import { AkiraError } from '../errors';
import type { CheckpointService } from './checkpointService';
import { storePaths } from './storeLayout';
import { checkpointErrors, plainWords } from '../../../shared/errors';

/**
 * The checkpoint service of a workspace on a machine without git (common/gitPresence.ts): the store is a git
 * repository written by git's own programs (fast-import, diff-tree, cat-file), so without git checkpoints are off,
 * and say so. `list` answers none with `offWords` (the Timeline shows why); every other operation is refused as
 * `unavailable` with the same words; the change feed's calls are ignored. A session is given no checkpoints and
 * warns once (agentSession.ts); nothing fails at start.
 */
export function createGitlessCheckpoints(root: string, dataDir: string): CheckpointService {
  const off = () => Promise.reject(new AkiraError('unavailable', checkpointErrors.needGit));
  return {
    root,
    storeDir: storePaths(dataDir, root).dir,
    list: async () => ({ checkpoints: [], total: 0, offWords: plainWords(checkpointErrors.needGit) }),
    create: off,
    get: off,
    diff: off,
    fileAt: off,
    preview: off,
    restore: off,
    prune: off,
    usage: off,
    markDirty: () => undefined,
    markAllDirty: () => undefined,
    setFeedComplete: () => undefined,
    whenIdle: async () => undefined,
    dispose: async () => undefined,
  };
}
