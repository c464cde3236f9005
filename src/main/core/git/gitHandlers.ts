import type { DomainHandlers } from '../router';
import type { GitService } from './gitService';

/** The contract's git.* commands on the open workspace's git service (`git` throws when none is open). */
export function gitHandlers(git: () => GitService): DomainHandlers<'git'> {
  return {
    'git.status': () => git().status(),
    'git.diff': (p) => git().diff(p),
  };
}
