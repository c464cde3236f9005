import type { SessionWorktreeT } from '../../../../shared/agent/agentShapes';
import { treeBadge } from './worktreeWords';

/**
 * A worktree session's tree in the sessions list: "worktree akira/1a2b3c4d" (· merged / · discarded). Sessions
 * in the workspace's own tree, the usual case, are not marked (nor is their view: only a worktree has a panel).
 */
export function TreeBadge({ worktree }: { worktree: SessionWorktreeT | null | undefined }) {
  const badge = treeBadge(worktree);
  if (badge.kind === 'shared') return null;
  return (
    <span className={`session-tree-badge stb-${badge.kind}`} title={badge.title} data-testid="session-tree" data-tree={badge.kind}>
      <span className="session-tree-icon" aria-hidden>
        ⎇{' '}
      </span>
      {badge.text}
    </span>
  );
}
