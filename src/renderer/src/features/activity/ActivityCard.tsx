import { memo } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { useBoardStore } from '../board/boardStore';
import { PHASE_LABEL } from '../agent/sessionFormat';
import { useTimelineStore } from '../timeline/timelineStore';
import type { ActivityItem } from './activityItems';
import { Card, Folded, TodoChip } from './CardParts';
import { ErrorCard, VerificationCard } from './OutcomeCards';
import { ApprovalCard, ChangeCard, TerminalCard, ToolCard } from './ToolCards';

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

const STATUS_ICON: Record<string, string> = { paused: '‖', interrupted: '‖', awaiting_plan_approval: '☰', waiting_approval: '?', planning: '…', running: '▶' };
const END: Record<Of<'end'>['outcome'], { icon: string; title: string; tone: 'ok' | 'bad' | 'dim' }> = {
  completed: { icon: '✔', title: 'Session completed', tone: 'ok' },
  failed: { icon: '✗', title: 'Session failed', tone: 'bad' },
  stopped: { icon: '■', title: 'Session stopped', tone: 'dim' },
};

/** One card of the activity stream (seed 000's templates: session, TODO plan, tool call, terminal command, …). */
export const ActivityCard = memo(function ActivityCard({ item, sessionId }: { item: ActivityItem; sessionId: string }) {
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
      return <ChangeCard item={item} />;
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
            {item.reason ? `: ${item.reason}` : ''}
          </span>
        </div>
      );
    case 'notice':
      return (
        <Card kind="notice" tone={item.level === 'retry' ? 'wait' : 'bad'} icon={item.level === 'retry' ? '↻' : '⚠'} title={item.level === 'retry' ? 'Retrying' : item.level === 'warning' ? 'Warning' : 'Model error'}>
          <Folded cardKey={item.key} text={item.text} />
        </Card>
      );
    case 'end': {
      const end = END[item.outcome];
      return (
        <Card kind="end" tone={end.tone} icon={end.icon} title={end.title} meta={<span>{time(item.ts)}</span>} testId={`card-end-${item.outcome}`}>
          {item.text && <div className="ac-feedback">{item.text}</div>}
        </Card>
      );
    }
  }
});
