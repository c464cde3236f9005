import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { GitHunk } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { pushToast } from '../../ui/toastStore';
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
      try {
        const result = await client.invoke('checkpoints.restore', { checkpointId, paths });
        const left = result.conflicts.map((c) => c.path);
        pushToast({
          tone: left.length ? 'wait' : 'ok',
          title: `Discard undone: ${pathsWord(paths)} ${paths.length === 1 ? 'is' : 'are'} back as before.`,
          detail: left.length ? `Left alone: ${listPaths(left, 3)}.` : undefined,
          testId: 'discard-undone-toast',
        });
      } catch (err) {
        pushToast({ tone: 'bad', title: 'Could not undo the discard', detail: `${(err as Error).message} The checkpoint is in the Timeline.`, testId: 'git-error-toast' });
      } finally {
        refreshGit(queryClient);
      }
    }

    function offerUndo(title: string, answer: { paths: string[]; checkpointId: string }): void {
      pushToast(
        {
          tone: 'ok',
          title,
          detail: 'A checkpoint was taken first: Undo brings the changes back (it is in the Timeline too).',
          action: { label: 'Undo', run: () => void undo(answer.checkpointId, answer.paths) },
          testId: 'discard-toast',
        },
        UNDO_MS,
      );
    }

    return {
      stage: (paths: string[]) => run(`Could not stage ${pathsWord(paths)}`, () => client.invoke('git.stage', { paths })),
      unstage: (paths: string[]) => run(`Could not unstage ${pathsWord(paths)}`, () => client.invoke('git.unstage', { paths })),
      stageHunk: (path: string, hunk: GitHunk) => run(`Could not stage the change in ${path}`, () => client.invoke('git.stageHunk', { path, hunk })),
      unstageHunk: (path: string, hunk: GitHunk) => run(`Could not unstage the change in ${path}`, () => client.invoke('git.unstageHunk', { path, hunk })),
      discard: (paths: string[]) =>
        run(`Could not discard ${pathsWord(paths)}`, async () => {
          const answer = await client.invoke('git.discard', { paths });
          offerUndo(`Discarded the changes to ${pathsWord(answer.paths)}.`, answer);
        }),
      discardHunk: (path: string, hunk: GitHunk) =>
        run(`Could not discard the change in ${path}`, async () => {
          const answer = await client.invoke('git.discardHunk', { path, hunk });
          offerUndo(`Discarded a change in ${path}.`, answer);
        }),
    };
  }, [client, queryClient]);
}
