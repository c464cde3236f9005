import { useState } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useClient } from '../../client/ClientContext';
import { message } from '../agent/sessionFormat';
import { useBoardStore } from '../board/boardStore';
import { itemKey, isWaiting, useReviewStore } from '../review/reviewStore';
import { useTerminalStore } from '../terminal/terminalStore';
import type { ActivityItem, Halted } from './activityItems';
import { Card, Folded, TodoChip } from './CardParts';
import { toolInputText } from './toolInputText';
import { useModeName } from '../../ui/useModeName';
import { toolCardStrings } from './toolCardStrings';
import { useFormats, useLanguage, useReasonText, useText } from '../../i18n';
import { wordsText } from '../../../../shared/errors';
import { SandboxApprovalCard } from './SandboxCard';
import { SandboxBlocked } from '../review/SandboxDecision';
import { sandboxCardStrings } from '../review/sandboxCardStrings';

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
const HALTED: Record<Exclude<Halted, null>, 'haltedPaused' | 'haltedStopped' | 'haltedEnded'> = {
  paused: 'haltedPaused',
  stopped: 'haltedStopped',
  ended: 'haltedEnded',
};

export function ToolCard({ item, sessionId }: { item: Of<'tool'>; sessionId: string }) {
  const t = useText(toolCardStrings);
  const language = useLanguage();
  const formats = useFormats();
  const input = toolInputText(item.tool, item.input);
  // A write whose change waits in the Review is not running: it waits for the person (issue 27, defect 21).
  const waits = useReviewStore((s) => item.running && !!item.changeId && isWaiting(s, sessionId, item.changeId));
  const status = waits ? t.waitingForYourReview : item.running ? t.running : item.halted ? t[HALTED[item.halted]] : item.isError ? t.error : t.ok;
  // Null for a call without words (older logs, failures not in a catalog) or words this build does not know.
  const said = item.isError && item.errorWords ? wordsText(item.errorWords, language) : null;
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
          {item.durationMs !== null && <span>{formats.duration(item.durationMs)}</span>}
        </>
      }
    >
      {input && (
        <div className="ac-section">
          <span className="ac-label">{t.input}</span>
          <Folded cardKey={`${item.key}:in`} text={input} />
        </div>
      )}
      {said !== null && item.output !== null ? (
        // A failure with words (issue 14): said in the UI's language; the English tool result the model read stays one click away.
        <div className="ac-section">
          <span className="ac-label">{t.errorLabel}</span>
          <div className="ac-tool-error error-text" title={item.output} data-testid="tool-error">
            {said}
          </div>
          <details className="ac-model-saw" data-testid="tool-model-saw">
            <summary>{t.modelSaw}</summary>
            <Folded cardKey={`${item.key}:out`} text={item.output} />
          </details>
        </div>
      ) : (
        item.output !== null && (
          <div className="ac-section">
            <span className="ac-label">{item.isError ? t.errorLabel : t.output}</span>
            <Folded cardKey={`${item.key}:out`} text={item.output || t.nothing} className={item.isError ? 'error-text' : ''} />
          </div>
        )
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
  const t = useText(toolCardStrings);
  const sb = useText(sandboxCardStrings);
  const reasonText = useReasonText();
  const formats = useFormats();
  const hasTab = useTerminalStore((s) => !!item.terminalId && s.tabs.some((tab) => tab.terminalId === item.terminalId));
  const exit = item.running
    ? t.running
    : item.halted
      ? t[HALTED[item.halted]]
      : item.exitCode === null
        ? item.toolResult !== null && item.output === null
          ? t.notRun
          : t.noExitCode
        : t.exit(item.exitCode);
  const tone = item.running ? '' : item.isError ? 'bad' : 'ok';
  return (
    <Card
      kind="terminal"
      tone={tone === 'bad' ? 'bad' : ''}
      icon="›_"
      title={
        <>
          {t.terminalCommand} <TodoChip todoId={item.todoId} />
        </>
      }
      meta={
        <>
          <span className={`ac-state ${tone}`} data-testid="terminal-exit">
            {t.ended(exit, item.timedOut, item.killed)}
          </span>
          {item.durationMs !== null && <span>{formats.duration(item.durationMs)}</span>}
          {item.sandboxed && (
            <span className="ac-sandboxed" title={t.sandboxedTitle} data-testid="sandboxed-badge">
              {t.sandboxed}
            </span>
          )}
        </>
      }
    >
      <pre className="ac-pre ac-command" data-testid="terminal-command">
        $ {item.command}
      </pre>
      {/* after the sandbox card: what the first run met, how the user allowed it, then the second run's output */}
      {item.blocked && item.blocked.length > 0 && <SandboxBlocked blocked={item.blocked} />}
      {item.rerun && (
        <div className="ac-note ac-rerun" data-testid="terminal-rerun" data-rerun={item.rerun}>
          {sb.rerun(item.rerun)}
        </div>
      )}
      {item.output !== null && <Folded cardKey={`${item.key}:out`} text={item.output || t.noOutput} className="ac-term-output" testId="terminal-output" />}
      {item.deniedReason ? (
        // the policy refused it: why, in the UI's language (the model got the same in English, with a hint)
        <div className="ac-note error-text" data-testid="terminal-denied">
          {t.denied(reasonText(item.deniedReason, item.deniedReasonWords))}
        </div>
      ) : (
        item.output === null && item.toolResult !== null && <Folded cardKey={`${item.key}:res`} text={item.toolResult} className={item.isError ? 'error-text' : ''} />
      )}
      {item.terminalId && (
        <button
          className="link ac-open-terminal"
          disabled={!hasTab}
          title={hasTab ? t.showInTerminal : t.tabClosed}
          onClick={() => openTerminal(item.terminalId!)}
          data-testid="open-terminal"
        >
          {t.openInTerminal}
        </button>
      )}
    </Card>
  );
}

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
  waits: 'waitsForReview',
  held: 'held',
  dropped: 'notDecided',
  proposed: 'proposed',
} as const;

/** Opens the Review view on this item. */
function openReview(sessionId: string, changeId: string) {
  useReviewStore.getState().select(itemKey(sessionId, changeId));
  useUiStore.getState().setSidebar('review');
}

export function ChangeCard({ item, sessionId }: { item: Of<'change'>; sessionId: string }) {
  const t = useText(toolCardStrings);
  const reasonText = useReasonText();
  const undecided = useUndecided(sessionId, item.changeId);
  const waiting = item.decision === null && undecided === 'waits';
  return (
    <Card
      kind="change"
      tone={item.decision === null ? (undecided === 'dropped' ? 'dim' : 'wait') : item.decision === 'rejected' || item.error ? 'bad' : 'ok'}
      icon={item.changeKind === 'create' ? '＋' : item.changeKind === 'delete' ? '−' : '✎'}
      title={
        <>
          {item.changeKind === 'create' ? t.newFile : item.changeKind === 'delete' ? t.deleteFile : t.change} <span className="ac-path">{item.path}</span>{' '}
          <TodoChip todoId={item.todoId} />
        </>
      }
      meta={
        <span className="ac-state" data-testid="change-state" data-state={item.decision ?? undecided}>
          {item.decision === null ? t[UNDECIDED[undecided]] : t.decision(item.decision, item.by)}
        </span>
      }
    >
      {waiting && (
        <button className="ag-button primary" onClick={() => openReview(sessionId, item.changeId)} data-testid="open-review">
          {t.reviewTheChange}
        </button>
      )}
      {item.reason && item.decision === 'rejected' && <div className="ac-note">{t.reason(reasonText(item.reason, item.reasonWords))}</div>}
      {item.error && (
        <div className="ac-note error-text" title={item.errorWords ? item.error : undefined} data-testid="change-not-applied">
          {t.notApplied(reasonText(item.error, item.errorWords))}
        </div>
      )}
    </Card>
  );
}

/** A command (or a read) that waits for a person: approve or reject it here, or in the Review view. */
export function ApprovalCard({ item, sessionId }: { item: Of<'approval'>; sessionId: string }) {
  const t = useText(toolCardStrings);
  const reasonText = useReasonText();
  const client = useClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { approval } = item;
  const modeName = useModeName();
  const undecided = useUndecided(sessionId, approval.changeId);
  // Answerable only while it waits (the review store says so, as everywhere); a pause or an end took it back.
  const open = !item.resolved && undecided === 'waits';
  const state = undecided === 'held' ? t.noLongerWaitingPaused : undecided === 'dropped' ? t.notDecided : t.noLongerWaiting;
  if (approval.kind === 'sandbox') return <SandboxApprovalCard item={item} sessionId={sessionId} open={open} state={item.resolved || open ? null : state} />;
  const what =
    approval.kind === 'command'
      ? `$ ${approval.command?.command ?? ''}`
      : approval.mode
        ? `${modeName(approval.mode.from)} → ${modeName(approval.mode.to)}${approval.mode.reason ? `\n${approval.mode.reason}` : ''}`
        : `${approval.tool?.name ?? 'read'} ${approval.tool?.input ?? ''}`;
  const act = (fn: () => Promise<unknown>) => fn().catch((err) => setError(message(err)));
  return (
    <Card
      kind="approval"
      tone={item.resolved ? (item.resolved === 'rejected' ? 'bad' : 'ok') : open ? 'wait' : 'dim'}
      icon="?"
      title={
        <>
          {approval.kind === 'command' ? t.commandWaits : approval.kind === 'mcp' ? t.mcpWaits : approval.kind === 'mode' ? t.modeWaits : t.readWaits}{' '}
          <TodoChip todoId={approval.todoId} />
        </>
      }
      meta={
        item.resolved ? (
          <span className="ac-state">{t.resolved(item.resolved)}</span>
        ) : !open ? (
          <span className="ac-state" data-testid="approval-state">
            {state}
          </span>
        ) : null
      }
    >
      <pre className="ac-pre ac-command">{what}</pre>
      {/* a destructive command's reason says so itself ("destructive: …", or "<part>: destructive: …") */}
      {approval.command?.destructive && (
        <div className="ac-note error-text" data-testid="approval-destructive">
          {reasonText(approval.command.reason, approval.command.reasonWords ?? (item.reason === approval.command.reason ? item.reasonWords : undefined))}
        </div>
      )}
      {!approval.command?.destructive && item.reason && <div className="ac-note">{reasonText(item.reason, item.reasonWords)}</div>}
      {open &&
        (rejecting ? (
          <div className="ac-actions">
            <input className="ac-input" autoFocus placeholder={t.whyPlaceholder} value={reason} onChange={(e) => setReason(e.target.value)} />
            <button className="ag-button danger" disabled={!reason.trim()} onClick={() => act(() => client.invoke('agent.reject', { sessionId, changeId: approval.changeId, reason }))}>
              {t.reject}
            </button>
            <button className="ag-button" onClick={() => setRejecting(false)}>
              {t.cancel}
            </button>
          </div>
        ) : (
          <div className="ac-actions">
            <button className="ag-button primary" onClick={() => act(() => client.invoke('agent.approve', { sessionId, changeId: approval.changeId }))} data-testid="approval-approve">
              {t.approve}
            </button>
            {approval.command?.allowPrefix && (
              <button
                className="ag-button"
                onClick={() => act(() => client.invoke('agent.approve', { sessionId, changeId: approval.changeId, alwaysAllow: true }))}
                title={t.alwaysAllowTitle(approval.command.allowPrefix)}
                data-testid="approval-always"
              >
                {t.alwaysAllow} <code>{approval.command.allowPrefix}</code>
              </button>
            )}
            <button className="ag-button" onClick={() => setRejecting(true)}>
              {t.rejectAsk}
            </button>
          </div>
        ))}
      {error && <div className="ac-note error-text">{error}</div>}
    </Card>
  );
}
