import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import type { GitStatus } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { textOf, useText } from '../../i18n';
import { pushToast } from '../../ui/toastStore';
import { gitStrings } from './gitStrings';
import { useCommitDraft } from './commitStore';
import { branchesQuery, refreshGit } from './gitQueries';
import { commitBlocker } from './gitWords';

/**
 * The commit box at the top of the Changes view: the message (Ctrl+Enter commits), "Amend last commit" and the
 * Commit button, which says why it waits (nothing staged, no message). A refusal is shown under it in words;
 * a commit is announced with its short hash.
 */
export function CommitBox({ status }: { status: GitStatus }) {
  const t = useText(gitStrings);
  const client = useClient();
  const queryClient = useQueryClient();
  const { message, amend, setMessage, setAmend, clear } = useCommitDraft();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const staged = status.files.filter((f) => f.staged).length;
  const blocker = commitBlocker({ staged, message, amend, busy });

  const commit = async () => {
    if (blocker) return;
    setBusy(true);
    setError(null);
    try {
      const { commit: made } = await client.invoke('git.commit', { message, amend });
      clear();
      const words = textOf(gitStrings);
      pushToast({
        tone: 'ok',
        title: amend ? words.amended(made.shortHash, made.subject) : words.committed(made.shortHash, made.subject),
        detail: made.branch ? words.onBranch(made.branch) : words.onDetached,
        testId: 'commit-toast',
      });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
      refreshGit(queryClient);
    }
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void commit();
    }
  };

  /** Amending an empty box starts from the last commit's subject. */
  const toggleAmend = async (on: boolean) => {
    setAmend(on);
    if (!on || message.trim()) return;
    const branches = await queryClient.fetchQuery(branchesQuery(client)).catch(() => null);
    const subject = branches?.branches.find((b) => b.current)?.subject;
    if (subject && !useCommitDraft.getState().message.trim()) setMessage(subject);
  };

  return (
    <div className="commit-box" data-testid="commit-box">
      <textarea
        className="commit-message"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        onKeyDown={onKey}
        placeholder={t.messagePlaceholder(status.branch ?? t.detachedHead)}
        aria-label={t.messageAria}
        aria-describedby={blocker ? reasonId : undefined}
        rows={3}
        spellCheck
        data-testid="commit-message"
      />
      <div className="commit-row">
        <label className="commit-amend" title={t.amendTitle}>
          <input type="checkbox" checked={amend} onChange={(e) => void toggleAmend(e.target.checked)} data-testid="commit-amend" />
          {t.amendLast}
        </label>
        <button
          type="button"
          className="git-button primary commit-button"
          disabled={!!blocker}
          title={blocker ?? (amend ? t.amendTitleButton : t.commitTitle(staged))}
          onClick={() => void commit()}
          data-testid="commit-button"
        >
          {busy ? t.committing : amend ? t.amend : t.commit}
        </button>
      </div>
      {blocker && !busy && (
        <div className="commit-reason" id={reasonId} data-testid="commit-reason">
          {blocker}
        </div>
      )}
      {error && (
        <div className="commit-error error-text" role="alert" data-testid="commit-error">
          {error}
        </div>
      )}
    </div>
  );
}
