import { memo, useState } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { formatCost } from '../agent/sessionFormat';
import { useTimelineStore } from '../timeline/timelineStore';
import type { BoardTodo, ToolCallInfo } from './boardReducer';
import { boardStrings } from './boardStrings';
import { todoResultText } from './todoResult';
import { todoTimesText } from './todoTimes';
import { useFormats, useText } from '../../i18n';

/** A TODO's status as a key of boardStrings (PlanEditor says it too). */
export const STATUS_TEXT = {
  pending: 'statusPending',
  in_progress: 'statusInProgress',
  verifying: 'statusVerifying',
  done: 'statusDone',
  failed: 'statusFailed',
  skipped: 'statusSkipped',
} as const satisfies Record<BoardTodo['status'], keyof typeof boardStrings.en>;

function openCheckpoint(checkpointId: string) {
  useTimelineStore.getState().select(checkpointId);
  useUiStore.getState().setSidebar('timeline');
}

function ToolCallRow({ call }: { call: ToolCallInfo }) {
  const t = useText(boardStrings);
  const formats = useFormats();
  return (
    <li className={`todo-tool ${call.isError ? 'error' : ''}`} title={call.summary ?? t.running}>
      <span className="todo-tool-name">{call.tool}</span>
      <span className="todo-tool-input">{call.input}</span>
      <span className="todo-tool-time">{call.running ? '…' : call.isError ? t.error : call.durationMs === null ? '' : formats.duration(call.durationMs)}</span>
    </li>
  );
}

/** One TODO: what to do and what is expected, what the agent claimed, the reviewer's verdict, and what it cost. */
export const TodoCard = memo(function TodoCard({ todo, waiting }: { todo: BoardTodo; waiting: boolean }) {
  const t = useText(boardStrings);
  const formats = useFormats();
  const [open, setOpen] = useState(false);
  const verdict = todo.lastVerdict;
  const tokens = todo.tokensIn + todo.tokensOut;
  const cost = todo.costUsd > 0 ? formatCost(todo.costUsd) : null;
  const calls = todo.toolCallCount;
  const result = todoResultText(todo);
  const times = todoTimesText(todo);
  return (
    <article className={`todo-card status-${todo.status}`} data-testid="todo-card" data-todo-id={todo.id} data-status={todo.status}>
      <header className="todo-card-head">
        <span className="todo-id">#{todo.id}</span>
        <span className={`todo-status status-${todo.status}`} data-testid="todo-status">
          {t[STATUS_TEXT[todo.status]]}
        </span>
        {todo.rejections > 0 && (
          <span className="todo-rejections" title={t.rejectionsTitle}>
            ↺ {todo.rejections}
          </span>
        )}
      </header>
      <div className="todo-desc">{todo.description}</div>
      <div className="todo-expected">
        <span className="todo-label">{t.expected}</span> {todo.expectedResult}
      </div>
      {result && (
        <div className="todo-claimed" data-testid="todo-claimed">
          <span className="todo-label">{t.claimed}</span> {result}
        </div>
      )}
      {verdict && (
        <div className={`todo-verdict ${verdict.approved ? 'ok' : 'bad'}`} data-testid="todo-verdict">
          <span className="todo-verdict-head">
            {verdict.approved ? t.approved : t.rejected} · {t.confident(Math.round(verdict.confidence * 100))}
          </span>
          {verdict.feedback && <span className="todo-verdict-feedback">{verdict.feedback}</span>}
        </div>
      )}
      {waiting && <div className="todo-waiting">{t.waitingForYou}</div>}
      <footer className="todo-foot">
        <button className="todo-foot-item link" disabled={!calls} onClick={() => setOpen(!open)} aria-expanded={open} data-testid="todo-tools-toggle">
          {t.toolCalls(calls)} {calls > 0 && (open ? '▴' : '▾')}
        </button>
        {todo.checkpointIds.length > 0 && (
          <button
            className="todo-foot-item link"
            title={t.checkpointTitle}
            onClick={() => openCheckpoint(todo.checkpointIds[todo.checkpointIds.length - 1])}
          >
            ◷ {t.checkpoints(todo.checkpointIds.length)}
          </button>
        )}
        {tokens > 0 && (
          <span className="todo-foot-item" title={t.tokensTitle(formats.number(todo.tokensIn), formats.number(todo.tokensOut))} data-testid="todo-tokens">
            {t.tokens(formats.compact(tokens))}
            {cost ? ` · ${cost}` : ''}
          </span>
        )}
        {times && (
          <span className="todo-foot-item" title={times.title} data-testid="todo-times">
            {times.text}
          </span>
        )}
      </footer>
      {open && calls > 0 && (
        <ul className="todo-tools" data-testid="todo-tools">
          {todo.toolCalls.map((c) => (
            <ToolCallRow key={c.callId} call={c} />
          ))}
        </ul>
      )}
    </article>
  );
});
