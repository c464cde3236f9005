import { useEffect } from 'react';
import type { GitStatus } from '../../../../shared/contract';
import { closeTabs, type TabsState } from '../../appState/editorTabs';
import { useUiStore } from '../../appState/uiStore';
import { useGitStatus } from './useGitStatus';

/**
 * Diff tabs (HEAD ↔ working tree, opened from the Changes view) whose file has left the changes since the last
 * status: discarded, or deleted on disk while untracked. Their diff says nothing true any more, so they close (a
 * tracked file deleted on disk stays listed, as deleted, and its diff shows that). A status cut short (`truncated`)
 * proves nothing.
 */
export function goneDiffTabIds(tabs: TabsState, before: ReadonlySet<string>, now: GitStatus): string[] {
  if (!now.isRepo || now.truncated) return [];
  const listed = new Set(now.files.map((f) => f.path));
  return tabs.tabs.flatMap((t) => (t.target.kind === 'diff' && before.has(t.target.path) && !listed.has(t.target.path) ? [t.id] : []));
}

/** The status last looked at (module-wide: several components follow the same `git.status`). */
let seen: { status: GitStatus; paths: Set<string> } | null = null;

/** Closes the diff tabs of files that left the changes (goneDiffTabIds), whenever `git.status` answers anew. */
export function useCloseGoneDiffs(): void {
  const status = useGitStatus().data;
  useEffect(() => {
    if (!status || seen?.status === status) return;
    const before = seen?.paths ?? new Set<string>();
    seen = { status, paths: status.isRepo && !status.truncated ? new Set(status.files.map((f) => f.path)) : before };
    const ids = goneDiffTabIds(useUiStore.getState().tabs, before, status);
    if (ids.length) useUiStore.getState().updateTabs((tabs) => closeTabs(tabs, ids));
  }, [status]);
}
