import type { GitStatus } from '../../../shared/contract';

/**
 * The git state the first call of a session carries (issue 11): branch, ahead/behind and the changed
 * files by name only (no contents), so the model knows where it stands without reading anything.
 *
 *   gitStateText(status) → '# Git\nBranch main (2 ahead of its upstream) · 3 changed files:\n M src/a.ts …' | null
 */

export const GIT_STATE_MAX_FILES = 100;

const MARK: Record<string, string> = { modified: 'M', added: 'A', deleted: 'D', untracked: '?', renamed: 'R', conflicted: 'U' };

export function gitStateText(status: GitStatus | null): string | null {
  if (!status?.isRepo) return null;
  const where = status.branch ? `Branch ${status.branch}` : 'Detached HEAD';
  const sync = [status.ahead ? `${status.ahead} ahead` : '', status.behind ? `${status.behind} behind` : ''].filter(Boolean).join(', ');
  const files = status.files;
  const head = `${where}${sync ? ` (${sync} of its upstream)` : ''} · ${files.length ? `${files.length}${status.truncated ? '+' : ''} changed file${files.length === 1 ? '' : 's'}` : 'no uncommitted changes'}`;
  const lines = files.slice(0, GIT_STATE_MAX_FILES).map((f) => ` ${MARK[f.status] ?? '?'}${f.staged ? '+' : ' '} ${f.origPath ? `${f.origPath} → ` : ''}${f.path}`);
  if (files.length > GIT_STATE_MAX_FILES) lines.push(` … and ${files.length - GIT_STATE_MAX_FILES} more`);
  return ['# Git', `${head}${lines.length ? ' (M modified, A added, D deleted, ? untracked, R renamed, U conflicted; + staged):' : ''}`, ...lines].join('\n');
}
