import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useClient } from '../../client/ClientContext';
import { textOf, useText } from '../../i18n';
import { pushToast } from '../../ui/toastStore';
import { gitStrings } from './gitStrings';
import { branchesQuery, refreshGit } from './gitQueries';
import './branchMenu.css';

/**
 * The branch in the status bar, as a button that opens the menu of local branches (`git.branches`): pick one to
 * switch (`git.checkout`). A refusal (local changes that would be overwritten, …) is said in the menu, which
 * stays open. Arrow keys move between branches, Enter switches, Escape closes and gives the focus back.
 */
export function BranchMenu({ label }: { label: string }) {
  const t = useText(gitStrings);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  return (
    <span className="branch-menu-anchor">
      <button
        ref={buttonRef}
        type="button"
        className="statusbar-item statusbar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        title={t.switchBranch}
        data-testid="status-branch"
        onClick={() => setOpen((o) => !o)}
      >
        ⎇ {label}
      </button>
      {open && <BranchList onClose={close} />}
    </span>
  );
}

function BranchList({ onClose }: { onClose(refocus?: boolean): void }) {
  const t = useText(gitStrings);
  const client = useClient();
  const queryClient = useQueryClient();
  const branches = useQuery({ ...branchesQuery(client), staleTime: 0 });
  const [switching, setSwitching] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  // Focus the current branch (else the first) once the list is there; a click outside closes.
  const loaded = !!branches.data;
  useEffect(() => {
    if (!loaded) return;
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    (items.find((i) => i.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
  }, [loaded]);
  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      const anchor = menuRef.current?.parentElement;
      if (anchor && !anchor.contains(e.target as Node)) onClose(false);
    };
    // Escape closes wherever the focus is (a branch that was being switched to loses it while disabled).
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      onClose();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [onClose]);

  const pick = async (name: string, current: boolean) => {
    if (current) return onClose();
    setSwitching(name);
    setError(null);
    try {
      await client.invoke('git.checkout', { branch: name });
      onClose();
      pushToast({ tone: 'ok', title: textOf(gitStrings).switchedTo(name), testId: 'branch-toast' });
    } catch (err) {
      setError((err as Error).message);
      // The item was disabled while switching: give it the focus back.
      requestAnimationFrame(() => menuRef.current?.querySelector<HTMLElement>(`[data-branch="${CSS.escape(name)}"]`)?.focus());
    } finally {
      setSwitching(null);
      refreshGit(queryClient);
    }
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'Tab') onClose(false);
  };

  return (
    <div ref={menuRef} className="branch-menu" role="menu" aria-label={t.switchBranch} data-testid="branch-menu" onKeyDown={onKey}>
      <div className="branch-menu-title">{t.switchBranch}</div>
      {branches.isPending && <div className="branch-menu-note">{t.readingBranches}</div>}
      {branches.error && (
        <div className="branch-menu-note error-text" role="alert">
          {t.couldNotListBranches(branches.error.message)}
        </div>
      )}
      {branches.data && branches.data.branches.length === 0 && <div className="branch-menu-note">{t.noBranches}</div>}
      {branches.data?.branches.map((b) => (
        <button
          key={b.name}
          type="button"
          role="menuitemradio"
          aria-checked={b.current}
          className={`branch-item ${b.current ? 'current' : ''}`}
          disabled={switching !== null}
          onClick={() => void pick(b.name, b.current)}
          data-testid="branch-item"
          data-branch={b.name}
          title={b.subject ? t.branchTitle(b.name, b.shortHash, b.subject) : b.name}
        >
          <span className="branch-check" aria-hidden>
            {b.current ? '✓' : ''}
          </span>
          <span className="branch-item-name">{b.name}</span>
          {(b.ahead > 0 || b.behind > 0) && (
            <span className="branch-item-track" title={t.tracking(b.ahead, b.behind, b.upstream ?? '')}>
              {b.ahead > 0 && `↑${b.ahead}`}
              {b.behind > 0 && ` ↓${b.behind}`}
            </span>
          )}
          {b.upstreamGone && (
            <span className="branch-item-track" title={t.upstreamGoneTitle(b.upstream ?? null)}>
              {t.upstreamGone}
            </span>
          )}
          <span className="branch-item-subject">{switching === b.name ? t.switching : b.subject}</span>
        </button>
      ))}
      {branches.data?.detached && <div className="branch-menu-note">{t.detached}</div>}
      {error && (
        <div className="branch-menu-error error-text" role="alert" data-testid="branch-error">
          {error}
        </div>
      )}
    </div>
  );
}
