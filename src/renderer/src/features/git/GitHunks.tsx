import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { GitHunk } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { useText } from '../../i18n';
import { gitStrings } from './gitStrings';
import { DiscardDialog } from './DiscardDialog';
import { hunksQuery } from './gitQueries';
import { hunkCounts, hunkLines, hunkPlace, hunkPreview } from './gitWords';
import { useGitActions } from './useGitActions';
import './hunks.css';

/** Where to show a hunk in the diff: HEAD's side for a staged hunk, the working tree's for an unstaged one. */
export type HunkSide = 'original' | 'modified';

interface Item {
  kind: 'staged' | 'unstaged';
  hunk: GitHunk;
}

/** The hunk in one line: its first added line (what the file says now), else its first removed one. */
function firstChange(hunk: GitHunk): string {
  const changed = hunkPreview(hunk, hunk.lines.length).lines;
  const line = changed.find((l) => l[0] === '+') ?? changed[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}

/**
 * The hunks of a file's diff (above the Monaco diff of HEAD ↔ working tree), each with its actions: an unstaged
 * hunk Stage / Discard (asks first), a staged one Unstage. A click on a hunk's place shows it in the diff. The
 * hunks come from `git.hunks`; an action names the hunk as it was listed, and the core refuses it when the file
 * has changed since (the list is then read again).
 */
export function GitHunks({ path, onReveal }: { path: string; onReveal(side: HunkSide, line: number): void }) {
  const t = useText(gitStrings);
  const client = useClient();
  const hunks = useQuery(hunksQuery(client, path));
  const actions = useGitActions();
  const [busy, setBusy] = useState(false);
  const [discarding, setDiscarding] = useState<GitHunk | null>(null);

  if (!hunks.data) {
    if (hunks.error) return <div className="git-hunks git-hunks-note error-text">{t.couldNotReadHunks(hunks.error.message)}</div>;
    return null;
  }
  const { staged, unstaged, binary, tooLarge } = hunks.data;
  const items: Item[] = [...unstaged.map((hunk) => ({ kind: 'unstaged' as const, hunk })), ...staged.map((hunk) => ({ kind: 'staged' as const, hunk }))];
  if (binary || tooLarge) {
    return (
      <div className="git-hunks git-hunks-note" data-testid="git-hunks">
        {binary ? t.binaryWhole : t.largeWhole}
      </div>
    );
  }
  if (!items.length) return null; // an untracked file (staged whole from the Changes view) or no change left

  const act = async (run: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await run();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="git-hunks" data-testid="git-hunks" aria-busy={busy}>
      <div className="git-hunks-head">
        {t.unstagedChanges(unstaged.length)}
        {staged.length > 0 && t.andStaged(staged.length)}
      </div>
      <ol className="git-hunk-list">
        {items.map(({ kind, hunk }) => {
          const side = kind === 'staged' ? 'old' : 'new';
          const { added, removed } = hunkCounts(hunk);
          const where = hunkPlace(hunk, side);
          const key = `${kind}:${hunk.oldStart},${hunk.oldLines}:${hunk.newStart},${hunk.newLines}`;
          return (
            <li key={key} className={`git-hunk git-hunk-${kind}`} data-testid="git-hunk" data-kind={kind}>
              <button
                type="button"
                className="git-hunk-where"
                title={t.showInDiff(kind === 'staged')}
                onClick={() => onReveal(kind === 'staged' ? 'original' : 'modified', Math.max(1, hunkLines(hunk, side).first))}
              >
                {kind === 'staged' ? t.stagedPrefix : null}
                {where}
              </button>
              <span className="git-hunk-add">+{added}</span>
              <span className="git-hunk-del">−{removed}</span>
              <code className="git-hunk-first">{firstChange(hunk)}</code>
              {kind === 'unstaged' ? (
                <>
                  <button type="button" className="git-hunk-action" disabled={busy} onClick={() => void act(() => actions.stageHunk(path, hunk))} data-testid="hunk-stage" aria-label={t.stageChangeAt(where)}>
                    {t.stage}
                  </button>
                  <button type="button" className="git-hunk-action" disabled={busy} onClick={() => setDiscarding(hunk)} data-testid="hunk-discard" aria-label={t.discardChangeAt(where)}>
                    {t.discard}
                  </button>
                </>
              ) : (
                <button type="button" className="git-hunk-action" disabled={busy} onClick={() => void act(() => actions.unstageHunk(path, hunk))} data-testid="hunk-unstage" aria-label={t.unstageChangeAt(where)}>
                  {t.unstage}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {discarding && (
        <DiscardDialog
          target={{ kind: 'hunk', path, hunk: discarding }}
          onCancel={() => setDiscarding(null)}
          onConfirm={() =>
            act(async () => {
              await actions.discardHunk(path, discarding);
              setDiscarding(null);
            })
          }
        />
      )}
    </div>
  );
}
