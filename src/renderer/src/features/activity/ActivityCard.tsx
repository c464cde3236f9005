import { memo } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useBoardStore } from '../board/boardStore';
import { PHASE_LABEL } from '../agent/sessionFormat';
import { checkpointName } from '../timeline/checkpointNames';
import { useTimelineStore } from '../timeline/timelineStore';
import type { ActivityItem } from './activityItems';
import { useActivityStore } from './activityStore';
import { Card, Folded, TodoChip } from './CardParts';
import { ErrorCard, VerificationCard } from './OutcomeCards';
import { ApprovalCard, ChangeCard, TerminalCard, ToolCard } from './ToolCards';
import { useReasonText } from '../../i18n';

type Of<K extends ActivityItem['kind']> = Extract<ActivityItem, { kind: K }>;

const time = (ts: string | null) => (ts ? new Date(ts).toLocaleTimeString() : null);

function TextCard({ item }: { item: Of<'text'> }) {
  return (
    <Card
      kind="text"
      tone={item.superseded ? 'dim' : ''}
      icon="✦"
      title={
        <>
          Agent <TodoChip todoId={item.todoId} />
        </>
      }
      meta={item.streaming ? <span className="ac-streaming">writing…</span> : item.superseded ? <span>cut off; the call was retried</span> : null}
    >
      <Folded cardKey={item.key} text={item.text} tail={item.streaming} className={`ac-text ${item.streaming ? 'streaming' : ''}`} testId="agent-text" />
    </Card>
  );
}

function PlanCard({ item }: { item: Of<'plan'> }) {
  const awaiting = useBoardStore((s) => s.board.planAwaitingApproval);
  const meta = !item.needsApproval ? null : awaiting ? <span className="ac-state wait">waits for your approval on the board</span> : <span className="ac-state">approval asked</span>;
  return (
    <Card kind="plan" icon="☰" title={`Plan: ${item.todos.length} TODO${item.todos.length === 1 ? '' : 's'}`} meta={meta}>
      <ol className="ac-plan">
        {item.todos.map((t) => (
          <li key={t.id}>
            <span className="ac-todo">#{t.id}</span> {t.description}
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
  const record = useTimelineStore((s) => s.items.find((r) => r.checkpointId === checkpointId));
  if (record) return checkpointName(checkpointId, record);
  return label ? `“${label}”` : 'an earlier checkpoint';
}

/** A conversation rewind (or its undo): what it went back to, and the cards it went back over, folded away. */
function RewindCard({ item }: { item: Of<'rewind'> }) {
  const name = useCheckpointWords(item.checkpointId, item.label);
  const shown = useActivityStore((s) => s.showRewound);
  const setShown = useActivityStore((s) => s.setShowRewound);
  if (item.undo) {
    return (
      <Card kind="rewind" tone="ok" icon="↷" title="Rewind undone" meta={<span>{time(item.ts)}</span>} testId="card-rewind-undo">
        <div className="ac-note">The session is as it was before the rewind to checkpoint {name}; the cards the rewind had folded away are back.</div>
      </Card>
    );
  }
  return (
    <Card
      kind="rewind"
      tone="wait"
      icon="↶"
      title={<>Rewound to checkpoint {name}</>}
      meta={item.undone ? <span className="ac-state">undone</span> : <span>{time(item.ts)}</span>}
      testId="card-rewind"
    >
      <div className="ac-note">
        {item.count
          ? `${item.count.toLocaleString()} card${item.count === 1 ? '' : 's'} after that checkpoint ${item.count === 1 ? 'is' : 'are'} no longer part of the session (its log keeps them). It continues from there when it resumes.`
          : 'It continues from there when it resumes.'}
      </div>
      {item.count > 0 && !item.undone && (
        <button className="link" onClick={() => setShown(!shown)} data-testid="toggle-rewound">
          {shown ? 'Fold the rewound cards' : `Show the rewound card${item.count === 1 ? '' : 's'} (greyed)`}
        </button>
      )}
    </Card>
  );
}

const STATUS_ICON: Record<string, string> = { paused: '‖', interrupted: '‖', awaiting_plan_approval: '☰', waiting_approval: '?', planning: '…', running: '▶' };
const END: Record<Of<'end'>['outcome'], { icon: string; title: string; tone: 'ok' | 'bad' | 'dim' }> = {
  completed: { icon: '✔', title: 'Session completed', tone: 'ok' },
  failed: { icon: '✗', title: 'Session failed', tone: 'bad' },
  stopped: { icon: '■', title: 'Session stopped', tone: 'dim' },
};

/** One card of the activity stream (seed 000's templates: session, TODO plan, tool call, terminal command, …). */
export const ActivityCard = memo(function ActivityCard({ item, sessionId }: { item: ActivityItem; sessionId: string }) {
  const reasonText = useReasonText();
  switch (item.kind) {
    case 'session':
      return (
        <Card kind="session" icon="◆" title="Session started" meta={<span>{time(item.ts)}</span>}>
          <div className="ac-task">{item.task}</div>
          <div className="ac-note">
            {item.mode} · {item.model} · <span className="ac-mono">{item.sessionId.slice(0, 8)}</span>
          </div>
        </Card>
      );
    case 'plan':
      return <PlanCard item={item} />;
    case 'plan_decision':
      return (
        <Card kind="plan-decision" tone={item.approved ? 'ok' : 'bad'} icon={item.approved ? '✓' : '✗'} title={item.approved ? `Plan approved${item.by === 'policy' ? ' by the policy' : ''}` : 'Plan rejected: the agent plans again'}>
          {item.feedback && <div className="ac-feedback">{item.feedback}</div>}
        </Card>
      );
    case 'text':
      return <TextCard item={item} />;
    case 'user':
      return (
        <Card kind="user" icon="➤" title="You" meta={<span>{time(item.ts)}</span>}>
          <div className="ac-feedback">{item.text}</div>
        </Card>
      );
    case 'tool':
      return <ToolCard item={item} />;
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
          <button className="link" onClick={() => openCheckpoint(item.checkpointId)} title="Show in the Timeline">
            Checkpoint {item.label ? `— ${item.label}` : item.checkpointId}
          </button>
          <TodoChip todoId={item.todoId} />
        </div>
      );
    case 'status':
      return (
        <div className={`ac-line status-${item.status}`} data-testid="card-status">
          <span aria-hidden>{STATUS_ICON[item.status] ?? '•'}</span>
          <span>
            {item.status.replace(/_/g, ' ')}
            {item.phase ? ` (${PHASE_LABEL[item.phase] ?? item.phase})` : ''}
            {item.reason ? `: ${reasonText(item.reason, item.reasonWords)}` : ''}
          </span>
        </div>
      );
    case 'notice':
      return (
        <Card kind="notice" tone={item.level === 'retry' ? 'wait' : 'bad'} icon={item.level === 'retry' ? '↻' : '⚠'} title={item.level === 'retry' ? 'Retrying' : item.level === 'warning' ? 'Warning' : 'Model error'}>
          <Folded cardKey={item.key} text={item.text} />
        </Card>
      );
    case 'rewind':
      return <RewindCard item={item} />;
    case 'end': {
      const end = END[item.outcome];
      return (
        <Card kind="end" tone={end.tone} icon={end.icon} title={end.title} meta={<span>{time(item.ts)}</span>} testId={`card-end-${item.outcome}`}>
          {item.text && <div className="ac-feedback">{reasonText(item.text, item.textWords)}</div>}
        </Card>
      );
    }
  }
});
