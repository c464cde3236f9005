import { memo } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useBoardStore } from '../board/boardStore';
import type { AgentStatus } from '../../../../shared/contract';
import { agentStrings } from '../agent/agentStrings';
import { statusLabel, usePhaseLabel } from '../agent/sessionFormat';
import { useSessionStore } from '../agent/sessionStore';
import { checkpointName } from '../timeline/checkpointNames';
import { labelText } from '../timeline/checkpointLabelText';
import { useTimelineStore } from '../timeline/timelineStore';
import type { ActivityItem } from './activityItems';
import { useActivityStore } from './activityStore';
import { Card, Folded, TodoChip } from './CardParts';
import { ErrorCard, VerificationCard } from './OutcomeCards';
import { ApprovalCard, ChangeCard, TerminalCard, ToolCard } from './ToolCards';
import { activityStrings } from './activityStrings';
import { useFormats, useLanguage, useReasonText, useText } from '../../i18n';
import { noticeText } from './noticeText';
import { useModeName } from '../../ui/useModeName';
import { todoNumber } from '../../ui/todoNumber';

type Of<K extends ActivityItem['kind']> = Extract<ActivityItem, { kind: K }>;

/** The time of day of a card, in the UI's language. */
function Time({ ts }: { ts: string | null }) {
  const formats = useFormats();
  const at = ts ? Date.parse(ts) : NaN;
  return <span>{Number.isNaN(at) ? null : formats.time(at)}</span>;
}

/** A child session the model started (`new_task`): its task, how it ended, and a way to open it. */
function SubtaskCard({ item }: { item: Of<'subtask'> }) {
  const t = useText(activityStrings);
  const ta = useText(agentStrings);
  const modeName = useModeName();
  const open = useSessionStore((s) => s.open);
  const status = item.status as AgentStatus | null;
  const tone = status === null ? 'wait' : status === 'completed' ? 'ok' : 'bad';
  return (
    <Card
      kind="subtask"
      tone={tone}
      icon="⤷"
      title={<>{t.subtask} <span className="ac-note">{t.subtaskMode(modeName(item.mode))}</span></>}
      meta={<span data-testid="subtask-status">{status ? statusLabel(status, ta) : t.subtaskWorking}</span>}
    >
      <div className="ac-task">{item.task}</div>
      {item.summary && <Folded cardKey={item.key} text={item.summary} className="ac-feedback" />}
      <div className="ac-actions">
        <button type="button" className="ag-button" data-testid="open-subtask" onClick={() => open(item.childId)}>
          {t.openSubtask}
        </button>
      </div>
    </Card>
  );
}

function TextCard({ item }: { item: Of<'text'> }) {
  const t = useText(activityStrings);
  return (
    <Card
      kind="text"
      tone={item.superseded ? 'dim' : ''}
      icon="✦"
      title={
        <>
          {t.agent} <TodoChip todoId={item.todoId} />
        </>
      }
      meta={item.streaming ? <span className="ac-streaming">{t.writing}</span> : item.superseded ? <span>{t.cutOff}</span> : null}
    >
      <Folded cardKey={item.key} text={item.text} tail={item.streaming} className={`ac-text ${item.streaming ? 'streaming' : ''}`} testId="agent-text" />
    </Card>
  );
}

function PlanCard({ item }: { item: Of<'plan'> }) {
  const t = useText(activityStrings);
  const awaiting = useBoardStore((s) => s.board.planAwaitingApproval);
  const meta = item.edited ? (
    <span className="ac-state" title={t.planEditedTitle} data-testid="plan-edited">
      {t.planEdited}
    </span>
  ) : !item.needsApproval ? null : awaiting ? (
    <span className="ac-state wait">{t.planWaits}</span>
  ) : (
    <span className="ac-state">{t.planAsked}</span>
  );
  return (
    <Card kind="plan" icon="☰" title={t.planTitle(item.todos.length)} meta={meta}>
      <ol className="ac-plan">
        {item.todos.map((todo) => (
          <li key={todo.id}>
            <span className="ac-todo">#{todoNumber(todo.id, item.todos)}</span> {todo.description}
          </li>
        ))}
      </ol>
    </Card>
  );
}

function openCheckpoint(checkpointId: string) {
  useTimelineStore.getState().select(checkpointId);
  useUiStore.getState().setSidebar('timeline');
}

/** "“TODO t1: a.txt”" (with its number when the Timeline has it), else "an earlier checkpoint": never the internal id. */
function useCheckpointWords(checkpointId: string, label: string | null): string {
  const t = useText(activityStrings);
  const record = useTimelineStore((s) => s.items.find((r) => r.checkpointId === checkpointId));
  if (record) return checkpointName(checkpointId, record);
  return label ? t.quoted(labelText(label)) : t.earlierCheckpoint;
}

/** A conversation rewind (or its undo): what it went back to, and the cards it went back over, folded away. */
function RewindCard({ item }: { item: Of<'rewind'> }) {
  const t = useText(activityStrings);
  const formats = useFormats();
  const name = useCheckpointWords(item.checkpointId, item.label);
  const shown = useActivityStore((s) => s.showRewound);
  const setShown = useActivityStore((s) => s.setShowRewound);
  if (item.undo) {
    return (
      <Card kind="rewind" tone="ok" icon="↷" title={t.rewindUndone} meta={<Time ts={item.ts} />} testId="card-rewind-undo">
        <div className="ac-note">{t.rewindUndoneNote(name)}</div>
      </Card>
    );
  }
  return (
    <Card
      kind="rewind"
      tone="wait"
      icon="↶"
      title={t.rewoundTo(name)}
      meta={item.undone ? <span className="ac-state">{t.undone}</span> : <Time ts={item.ts} />}
      testId="card-rewind"
    >
      <div className="ac-note">
        {item.count ? t.rewoundCards(item.count, formats.number(item.count)) : t.continuesOnResume}
      </div>
      {item.count > 0 && !item.undone && (
        <button className="link" onClick={() => setShown(!shown)} data-testid="toggle-rewound">
          {shown ? t.foldRewound : t.showRewound(item.count)}
        </button>
      )}
    </Card>
  );
}

const STATUS_ICON: Record<string, string> = { paused: '‖', interrupted: '‖', awaiting_plan_approval: '☰', waiting_approval: '?', planning: '…', running: '▶' };
const END: Record<Of<'end'>['outcome'], { icon: string; title: 'endCompleted' | 'endFailed' | 'endStopped'; tone: 'ok' | 'bad' | 'dim' }> = {
  completed: { icon: '✔', title: 'endCompleted', tone: 'ok' },
  failed: { icon: '✗', title: 'endFailed', tone: 'bad' },
  stopped: { icon: '■', title: 'endStopped', tone: 'dim' },
};

/** A wait's reason that names the wait itself (reason.waitingChange…; older logs: its English). */
function saysItsStatus(item: Of<'status'>): boolean {
  if (item.status !== 'waiting_approval') return false;
  return item.reasonWords ? item.reasonWords.key.startsWith('reason.waiting') : /^Waiting for approval/.test(item.reason ?? '');
}

function StatusLine({ item }: { item: Of<'status'> }) {
  const t = useText(activityStrings);
  const phase = usePhaseLabel();
  const reasonText = useReasonText();
  const reason = item.reason ? reasonText(item.reason, item.reasonWords) : item.reason;
  // "Waiting for approval: create a.txt" already says the status: not "waiting approval: Waiting for approval: …".
  const text = reason && saysItsStatus(item) ? reason : t.statusLine(item.status, item.phase ? phase(item.phase) : null, reason);
  // A reason is a sentence (why it paused, what a queued session waits for): it wraps rather than being cut.
  return (
    <div className={`ac-line status-${item.status} ${item.reason ? 'ac-line-wrap' : ''}`} data-testid="card-status">
      <span aria-hidden>{STATUS_ICON[item.status] ?? '•'}</span>
      <span title={text}>{text}</span>
    </div>
  );
}

/** One card of the activity stream (seed 000's templates: session, TODO plan, tool call, terminal command, …). */
export const ActivityCard = memo(function ActivityCard({ item, sessionId }: { item: ActivityItem; sessionId: string }) {
  const t = useText(activityStrings);
  const language = useLanguage();
  const reasonText = useReasonText();
  const modeName = useModeName();
  switch (item.kind) {
    case 'session':
      return (
        <Card kind="session" icon="◆" title={t.sessionStarted} meta={<Time ts={item.ts} />}>
          <div className="ac-task">{item.task}</div>
          <div className="ac-note">
            {modeName(item.mode)} · {item.model}
          </div>
        </Card>
      );
    case 'plan':
      return <PlanCard item={item} />;
    case 'plan_decision':
      return (
        <Card kind="plan-decision" tone={item.approved ? 'ok' : 'bad'} icon={item.approved ? '✓' : '✗'} title={item.approved ? t.planApproved(item.by === 'policy') : t.planRejected}>
          {item.feedback && <div className="ac-feedback">{item.feedback}</div>}
        </Card>
      );
    case 'text':
      return <TextCard item={item} />;
    case 'round':
      return (
        <Card kind="round" icon="↻" title={t.roundStarted(item.round)} meta={<Time ts={item.ts} />}>
          <div className="ac-task" data-testid="activity-round-task">{item.task}</div>
        </Card>
      );
    case 'subtask':
      return <SubtaskCard item={item} />;
    case 'user':
      return (
        <Card kind="user" icon="➤" title={t.you} meta={<Time ts={item.ts} />}>
          <div className="ac-feedback">{item.text}</div>
        </Card>
      );
    case 'tool':
      return <ToolCard item={item} sessionId={sessionId} />;
    case 'terminal':
      return <TerminalCard item={item} />;
    case 'change':
      return <ChangeCard item={item} sessionId={sessionId} />;
    case 'approval':
      return <ApprovalCard item={item} sessionId={sessionId} />;
    case 'verification':
      return <VerificationCard item={item} />;
    case 'error':
      return <ErrorCard item={item} sessionId={sessionId} />;
    case 'checkpoint':
      return (
        <div className="ac-line" data-testid="card-checkpoint">
          <span aria-hidden>◷</span>
          <button className="link" onClick={() => openCheckpoint(item.checkpointId)} title={t.showInTimeline}>
            {t.checkpoint(item.label || null, item.checkpointId)}
          </button>
          <TodoChip todoId={item.todoId} />
        </div>
      );
    case 'status':
      return <StatusLine item={item} />;
    case 'resumed':
      return (
        <div className="ac-line ac-line-wrap" data-testid="card-resumed" data-changed={item.changed.join(' ')}>
          <span aria-hidden>⚙</span>
          <span>{t.resumedWith(item.changed.map((c) => (c === 'model' ? t.changedModel(item.model) : c === 'baseUrl' ? t.changedServer(item.baseUrl) : c === 'apiKey' ? t.changedKey : t.changedPolicy)))}</span>
        </div>
      );
    case 'notice':
      return (
        <Card kind="notice" tone={item.level === 'retry' ? 'wait' : 'bad'} icon={item.level === 'retry' ? '↻' : '⚠'} title={item.level === 'retry' ? t.retrying : item.level === 'warning' ? t.warning : t.modelError}>
          <Folded cardKey={item.key} text={noticeText(item, language)} />
        </Card>
      );
    case 'rewind':
      return <RewindCard item={item} />;
    case 'end': {
      const end = END[item.outcome];
      return (
        <Card kind="end" tone={end.tone} icon={end.icon} title={t[end.title]} meta={<Time ts={item.ts} />} testId={`card-end-${item.outcome}`}>
          {item.text && <div className="ac-feedback">{reasonText(item.text, item.textWords)}</div>}
        </Card>
      );
    }
  }
});
