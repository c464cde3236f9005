import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { GitPrograms } from '../../../../shared/contract';
import { useClient } from '../../client/ClientContext';
import { useText } from '../../i18n';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { gitStrings } from './gitStrings';
import { refreshGit } from './gitQueries';

/**
 * The programs a repository's own git configuration names (hooks, filters, merge and diff drivers, fsmonitor;
 * issue 26). Akira's git calls run none of them until the user trusts exactly these: a notice under the branch says
 * so, and "Review…" lists them with Trust / Keep them off. Trusted, the notice says they run and offers to stop.
 */
export function RepoPrograms() {
  const t = useText(gitStrings);
  const client = useClient();
  const programs = useQuery({ queryKey: ['git.programs'], queryFn: () => client.invoke('git.programs'), retry: false });
  const [reviewing, setReviewing] = useState(false);
  const data = programs.data;
  if (!data || !data.isRepo || data.programs.length === 0) return null;
  return (
    <div className={`repo-programs ${data.trusted ? 'trusted' : ''}`} data-testid="repo-programs" data-trusted={data.trusted}>
      <span className="repo-programs-icon" aria-hidden>
        {data.trusted ? '⚙' : '⚠'}
      </span>
      <span className="repo-programs-text">{data.trusted ? t.programsTrusted(data.programs.length) : t.programsOff(data.programs.length)}</span>
      <button type="button" className="git-button" onClick={() => setReviewing(true)} data-testid="repo-programs-review">
        {t.reviewPrograms}
      </button>
      {reviewing && <ProgramsDialog programs={data} onClose={() => setReviewing(false)} />}
    </div>
  );
}

function ProgramsDialog({ programs, onClose }: { programs: GitPrograms; onClose(): void }) {
  const t = useText(gitStrings);
  const client = useClient();
  const queryClient = useQueryClient();
  const keepRef = useRef<HTMLButtonElement>(null);
  const change = useMutation({
    mutationFn: (trusted: boolean) => client.invoke('git.trustPrograms', { fingerprint: programs.fingerprint!, trusted }),
    onSuccess: () => {
      refreshGit(queryClient);
      onClose();
    },
    onError: () => refreshGit(queryClient),
  });
  return (
    <Dialog title={t.programsTitle} testId="repo-programs-dialog" onCancel={onClose} initialFocus={keepRef} wide>
      <p>{t.programsExplain}</p>
      <ul className="repo-programs-list" aria-label={t.programsTitle}>
        {programs.programs.map((p) => (
          <li key={`${p.kind}:${p.name}`}>
            <span className="repo-program-kind">{p.kind === 'hook' ? t.programHook : t.programSetting}</span>
            <code className="repo-program-name">{p.name}</code>
            <code className="repo-program-command" title={p.command}>
              {p.command}
            </code>
          </li>
        ))}
      </ul>
      <p className="dialog-dim">{programs.trusted ? t.programsTrustedNote : t.programsTrustNote}</p>
      {change.isError && (
        <p className="error-text" role="alert">
          {change.error.message}
        </p>
      )}
      <DialogActions>
        {programs.trusted ? (
          <button ref={keepRef} type="button" className="git-button primary" disabled={change.isPending} onClick={() => change.mutate(false)} data-testid="repo-programs-untrust">
            {t.stopTrusting}
          </button>
        ) : (
          <>
            <button type="button" className="git-button danger" disabled={change.isPending} onClick={() => change.mutate(true)} data-testid="repo-programs-trust">
              {t.trustPrograms}
            </button>
            <button ref={keepRef} type="button" className="git-button" onClick={onClose} data-testid="repo-programs-keep-off">
              {t.keepProgramsOff}
            </button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
