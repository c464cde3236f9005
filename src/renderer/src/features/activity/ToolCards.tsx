import { useState } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useClient } from '../../client/ClientContext';
import { formatDuration, message } from '../agent/sessionFormat';
import { useBoardStore } from '../board/boardStore';
import { itemKey, isWaiting, useReviewStore } from '../review/reviewStore';
import { useTerminalStore } from '../terminal/terminalStore';
import type { ActivityItem, Halted } from './activityItems';
import { Card, Folded, prettyInput, TodoChip } from './CardParts';
import { useReasonText } from '../../i18n';

type Of<K extends ActivityItem['kind']> = Extract<ActivityItem, { kind: K }>;

const TOOL_ICON: Record<string, string> = {
  list_files: '▤',
  read_file: '📄',
  search_files: '🔍',
  write_file: '✎',
  edit_file: '✎',
  delete_file: '🗑',
  todo_write: '☰',
  update_todo: '☑',
  complete: '✔',
};

/** A call the session left unfinished, in words. */
const HALTED: Record<Exclude<Halted, null>, string> = {
  paused: 'not finished: the session paused',
  stopped: 'not finished: the session stopped',
  ended: 'not finished: the session ended',
};

export function ToolCard({ item }: { item: Of<'tool'> }) {
  const input = prettyInput(item.input);
  const status = item.running ? 'running…' : item.halted ? HALTED[item.halted] : item.isError ? 'error' : 'ok';
  return (
    <Card
      kind="tool"
      tone={item.isError ? 'bad' : ''}
      icon={TOOL_ICON[item.tool] ?? '🔧'}
      title={
        <>
          <span className="ac-tool-name">{item.tool}</span> <TodoChip todoId={item.todoId} />
        </>
      }
      meta={
        <>
          <span className={`ac-state ${item.isError ? 'bad' : ''}`}>{status}</span>
          {item.durationMs !== null && <span>{formatDuration(item.durationMs)}</span>}
        </>
      }
    >
      {input && (
        <div className="ac-section">
          <span className="ac-label">Input</span>
          <Folded cardKey={`${item.key}:in`} text={input} />
        </div>
      )}
      {item.output !== null && (
        <div className="ac-section">
          <span className="ac-label">{item.isError ? 'Error' : 'Output'}</span>
          <Folded cardKey={`${item.key}:out`} text={item.output || '(nothing)'} className={item.isError ? 'error-text' : ''} />
        </div>
      )}
    </Card>
  );
}

/** Shows the command's tab in the Terminal panel. */
function openTerminal(terminalId: string) {
  useTerminalStore.getState().activate(terminalId, false);
  document.querySelector(`[data-testid="terminal-tab"][data-terminal-id="${CSS.escape(terminalId)}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

export function TerminalCard({ item }: { item: Of<'terminal'> }) {
  const hasTab = useTerminalStore((s) => !!item.terminalId && s.tabs.some((t) => t.terminalId === item.terminalId));
  const exit = item.running
    ? 'running…'
    : item.halted
      ? HALTED[item.halted]
      : item.exitCode === null
      ? item.toolResult !== null && item.output === null
        ? 'not run'
        : 'no exit code'
      : `exit ${item.exitCode}`;
  const tone = item.running ? '' : item.isError ? 'bad' : 'ok';
  return (
    <Card
      kind="terminal"
      tone={tone === 'bad' ? 'bad' : ''}
      icon="›_"
      title={
        <>
          Terminal command <TodoChip todoId={item.todoId} />
        </>
      }
      meta={
        <>
          <span className={`ac-state ${tone}`} data-testid="terminal-exit">
            {exit}
            {item.timedOut ? ' (timed out)' : item.killed ? ' (killed)' : ''}
          </span>
          {item.durationMs !== null && <span>{formatDuration(item.durationMs)}</span>}
        </>
      }
    >
      <pre className="ac-pre ac-command" data-testid="terminal-command">
        $ {item.command}
      </pre>
      {item.output !== null && <Folded cardKey={`${item.key}:out`} text={item.output || '(no output)'} className="ac-term-output" testId="terminal-output" />}
      {item.output === null && item.toolResult !== null && <Folded cardKey={`${item.key}:res`} text={item.toolResult} className={item.isError ? 'error-text' : ''} />}
      {item.terminalId && (
        <button
          className="link ac-open-terminal"
          disabled={!hasTab}
          title={hasTab ? 'Show this command in the Terminal panel' : 'Its Terminal tab was closed'}
          onClick={() => openTerminal(item.terminalId!)}
          data-testid="open-terminal"
        >
          Open in Terminal ↗
        </button>
      )}
    </Card>
  );
}

const DECISION: Record<string, string> = { approved: 'approved', rejected: 'rejected', edited: 'approved with your edits' };

/**
 * What an undecided proposal is now, read where everything else reads it: it waits only while the review store
 * lists it (features/review/reviewStore.ts); a paused session holds it (asked again on resume); an ended one dropped it.
 */
function useUndecided(sessionId: string, changeId: string): 'waits' | 'held' | 'dropped' | 'proposed' {
  const waits = useReviewStore((s) => isWaiting(s, sessionId, changeId));
  const status = useBoardStore((s) => (s.board.sessionId === sessionId ? s.board.status : null));
  if (waits) return 'waits';
  if (status === 'paused' || status === 'interrupted') return 'held';
  if (status === 'stopped' || status === 'failed' || status === 'completed') return 'dropped';
  return 'proposed';
}

const UNDECIDED = {
  waits: 'waits for review',
  held: 'held: asked again when the session resumes',
  dropped: 'not decided: the session ended',
  proposed: 'proposed',
} as const;

/** Opens the Review view on this item. */
function openReview(sessionId: string, changeId: string) {
  useReviewStore.getState().select(itemKey(sessionId, changeId));
  useUiStore.getState().setSidebar('review');
}

export function ChangeCard({ item, sessionId }: { item: Of<'change'>; sessionId: string }) {
  const undecided = useUndecided(sessionId, item.changeId);
  const waiting = item.decision === null && undecided === 'waits';
  const by = item.by === 'policy' ? ' by the policy' : item.by === 'user' ? ' by you' : '';
  return (
    <Card
      kind="change"
      tone={item.decision === null ? (undecided === 'dropped' ? 'dim' : 'wait') : item.decision === 'rejected' || item.error ? 'bad' : 'ok'}
      icon={item.changeKind === 'create' ? '＋' : item.changeKind === 'delete' ? '−' : '✎'}
      title={
        <>
          {item.changeKind === 'create' ? 'New file' : item.changeKind === 'delete' ? 'Delete' : 'Change'} <span className="ac-path">{item.path}</span>{' '}
          <TodoChip todoId={item.todoId} />
        </>
      }
      meta={
        <span className="ac-state" data-testid="change-state" data-state={item.decision ?? undecided}>
          {item.decision === null ? UNDECIDED[undecided] : `${DECISION[item.decision] ?? item.decision}${by}`}
        </span>
      }
    >
      {waiting && (
        <button className="ag-button primary" onClick={() => openReview(sessionId, item.changeId)} data-testid="open-review">
          Review the change
        </button>
      )}
      {item.reason && item.decision === 'rejected' && <div className="ac-note">Reason: {item.reason}</div>}
      {item.error && <div className="ac-note error-text">Not applied: {item.error}</div>}
    </Card>
  );
}

/** A command (or a read) that waits for a person: approve or reject it here, or in the Review view. */
export function ApprovalCard({ item, sessionId }: { item: Of<'approval'>; sessionId: string }) {
  const reasonText = useReasonText();
  const client = useClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { approval } = item;
  const undecided = useUndecided(sessionId, approval.changeId);
  // Answerable only while it waits (the review store says so, as everywhere); a pause or an end took it back.
  const open = !item.resolved && undecided === 'waits';
  const what = approval.kind === 'command' ? `$ ${approval.command?.command ?? ''}` : `${approval.tool?.name ?? 'read'} ${approval.tool?.input ?? ''}`;
  const act = (fn: () => Promise<unknown>) => fn().catch((err) => setError(message(err)));
  return (
    <Card
      kind="approval"
      tone={item.resolved ? (item.resolved === 'rejected' ? 'bad' : 'ok') : open ? 'wait' : 'dim'}
      icon="?"
      title={
        <>
          {approval.kind === 'command' ? 'A command waits for approval' : approval.kind === 'mcp' ? 'An MCP tool call waits for approval' : 'A read waits for approval'}{' '}
          <TodoChip todoId={approval.todoId} />
        </>
      }
      meta={
        item.resolved ? (
          <span className="ac-state">{item.resolved}</span>
        ) : !open ? (
          <span className="ac-state" data-testid="approval-state">
            {undecided === 'held' ? 'no longer waiting: the session paused' : undecided === 'dropped' ? 'not decided: the session ended' : 'no longer waiting'}
          </span>
        ) : null
      }
    >
      <pre className="ac-pre ac-command">{what}</pre>
      {approval.command?.destructive && <div className="ac-note error-text">Destructive: {approval.command.reason}</div>}
      {!approval.command?.destructive && item.reason && <div className="ac-note">{reasonText(item.reason, item.reasonWords)}</div>}
      {open &&
        (rejecting ? (
          <div className="ac-actions">
            <input className="ac-input" autoFocus placeholder="Why? (the agent reads it)" value={reason} onChange={(e) => setReason(e.target.value)} />
            <button className="ag-button danger" disabled={!reason.trim()} onClick={() => act(() => client.invoke('agent.reject', { sessionId, changeId: approval.changeId, reason }))}>
              Reject
            </button>
            <button className="ag-button" onClick={() => setRejecting(false)}>
              Cancel
            </button>
          </div>
        ) : (
          <div className="ac-actions">
            <button className="ag-button primary" onClick={() => act(() => client.invoke('agent.approve', { sessionId, changeId: approval.changeId }))} data-testid="approval-approve">
              Approve
            </button>
            {approval.command?.allowPrefix && (
              <button
                className="ag-button"
                onClick={() => act(() => client.invoke('agent.approve', { sessionId, changeId: approval.changeId, alwaysAllow: true }))}
                title={`Approve, and add "${approval.command.allowPrefix}" to the allow list in your global settings (remove it there to undo)`}
                data-testid="approval-always"
              >
                Always allow <code>{approval.command.allowPrefix}</code>
              </button>
            )}
            <button className="ag-button" onClick={() => setRejecting(true)}>
              Reject…
            </button>
          </div>
        ))}
      {error && <div className="ac-note error-text">{error}</div>}
    </Card>
  );
}
