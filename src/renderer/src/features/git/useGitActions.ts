import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { GitHunk } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { textOf } from '../../i18n';
import { pushToast } from '../../ui/toastStore';
import { gitStrings } from './gitStrings';
import { refreshGit } from './gitQueries';
import { listPaths, pathsWord } from './gitWords';

/** How long the notice with "Undo" stays after a discard. */
const UNDO_MS = 30_000;

/**
 * The git actions of the Changes view and the diff's hunks: each runs its command, refreshes every git
 * query, and says a refusal in words (a toast). A discard (already confirmed) is followed by a notice whose
 * Undo restores, for the discarded files only, the checkpoint the core took just before
 * (`checkpoints.restore` with its paths, as the Timeline does). Each answers true when it worked.
 */
export function useGitActions() {
  const client = useClient();
  const queryClient = useQueryClient();

  return useMemo(() => {
    async function run(failed: string, action: () => Promise<unknown>): Promise<boolean> {
      try {
        await action();
        return true;
      } catch (err) {
        pushToast({ tone: 'bad', title: failed, detail: (err as Error).message, testId: 'git-error-toast' });
        return false;
      } finally {
        refreshGit(queryClient);
      }
    }

    async function undo(checkpointId: string, paths: string[]): Promise<void> {
      const t = textOf(gitStrings);
      try {
        const result = await client.invoke('checkpoints.restore', { checkpointId, paths });
        const left = result.conflicts.map((c) => c.path);
        pushToast({
          tone: left.length ? 'wait' : 'ok',
          title: t.discardUndone(pathsWord(paths), paths.length),
          detail: left.length ? t.leftAlone(listPaths(left, 3)) : undefined,
          testId: 'discard-undone-toast',
        });
      } catch (err) {
        pushToast({ tone: 'bad', title: t.couldNotUndo, detail: t.couldNotUndoDetail((err as Error).message), testId: 'git-error-toast' });
      } finally {
        refreshGit(queryClient);
      }
    }

    function offerUndo(title: string, answer: { paths: string[]; checkpointId: string }): void {
      const t = textOf(gitStrings);
      pushToast(
        {
          tone: 'ok',
          title,
          detail: t.undoDetail,
          action: { label: t.undo, run: () => void undo(answer.checkpointId, answer.paths) },
          testId: 'discard-toast',
        },
        UNDO_MS,
      );
    }

    const t = () => textOf(gitStrings);
    return {
      stage: (paths: string[]) => run(t().couldNotStage(pathsWord(paths)), () => client.invoke('git.stage', { paths })),
      unstage: (paths: string[]) => run(t().couldNotUnstage(pathsWord(paths)), () => client.invoke('git.unstage', { paths })),
      stageHunk: (path: string, hunk: GitHunk) => run(t().couldNotStageChange(path), () => client.invoke('git.stageHunk', { path, hunk })),
      unstageHunk: (path: string, hunk: GitHunk) => run(t().couldNotUnstageChange(path), () => client.invoke('git.unstageHunk', { path, hunk })),
      discard: (paths: string[]) =>
        run(t().couldNotDiscard(pathsWord(paths)), async () => {
          const answer = await client.invoke('git.discard', { paths });
          offerUndo(t().discarded(pathsWord(answer.paths)), answer);
        }),
      discardHunk: (path: string, hunk: GitHunk) =>
        run(t().couldNotDiscardChange(path), async () => {
          const answer = await client.invoke('git.discardHunk', { path, hunk });
          offerUndo(t().discardedChange(path), answer);
        }),
    };
  }, [client, queryClient]);
}
