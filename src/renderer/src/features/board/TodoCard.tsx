import { memo, useState } from 'react';
import { useUiStore } from '../../appState/uiStore';
import { formatCost, formatDuration, formatTokens } from '../agent/sessionFormat';
import { useTimelineStore } from '../timeline/timelineStore';
import type { BoardTodo, ToolCallInfo } from './boardReducer';

const STATUS_TEXT: Record<BoardTodo['status'], string> = {
  pending: 'pending',
  in_progress: 'in progress',
  verifying: 'verifying',
  done: 'done',
  failed: 'failed',
  skipped: 'skipped',
};

function openCheckpoint(checkpointId: string) {
  useTimelineStore.getState().select(checkpointId);
  useUiStore.getState().setSidebar('timeline');
}

function ToolCallRow({ call }: { call: ToolCallInfo }) {
  return (
    <li className={`todo-tool ${call.isError ? 'error' : ''}`} title={call.summary ?? 'running…'}>
      <span className="todo-tool-name">{call.tool}</span>
      <span className="todo-tool-input">{call.input}</span>
      <span className="todo-tool-time">{call.running ? '…' : call.isError ? 'error' : formatDuration(call.durationMs)}</span>
    </li>
  );
}

/** One TODO: what to do and what is expected, what the agent claimed, the reviewer's verdict, and what it cost. */
export const TodoCard = memo(function TodoCard({ todo, waiting }: { todo: BoardTodo; waiting: boolean }) {
  const [open, setOpen] = useState(false);
  const verdict = todo.lastVerdict;
  const tokens = todo.tokensIn + todo.tokensOut;
  const cost = todo.costUsd > 0 ? formatCost(todo.costUsd) : null;
  const calls = todo.toolCallCount;
  return (
    <article className={`todo-card status-${todo.status}`} data-testid="todo-card" data-todo-id={todo.id} data-status={todo.status}>
      <header className="todo-card-head">
        <span className="todo-id">#{todo.id}</span>
        <span className={`todo-status status-${todo.status}`} data-testid="todo-status">
          {STATUS_TEXT[todo.status]}
        </span>
        {todo.rejections > 0 && (
          <span className="todo-rejections" title="Times the reviewer sent it back">
            ↺ {todo.rejections}
          </span>
        )}
      </header>
      <div className="todo-desc">{todo.description}</div>
      <div className="todo-expected">
        <span className="todo-label">Expected</span> {todo.expectedResult}
      </div>
      {todo.result && (
        <div className="todo-claimed" data-testid="todo-claimed">
          <span className="todo-label">Claimed</span> {todo.result}
        </div>
      )}
      {verdict && (
        <div className={`todo-verdict ${verdict.approved ? 'ok' : 'bad'}`} data-testid="todo-verdict">
          <span className="todo-verdict-head">
            {verdict.approved ? '✓ Approved' : '✗ Rejected'} · {Math.round(verdict.confidence * 100)}% confident
          </span>
          {verdict.feedback && <span className="todo-verdict-feedback">{verdict.feedback}</span>}
        </div>
      )}
      {waiting && <div className="todo-waiting">Waiting for your decision (above)</div>}
      <footer className="todo-foot">
        <button className="todo-foot-item link" disabled={!calls} onClick={() => setOpen(!open)} aria-expanded={open} data-testid="todo-tools-toggle">
          {calls} tool call{calls === 1 ? '' : 's'} {calls > 0 && (open ? '▴' : '▾')}
        </button>
        {todo.checkpointIds.length > 0 && (
          <button
            className="todo-foot-item link"
            title="Show the last checkpoint of this TODO in the Timeline"
            onClick={() => openCheckpoint(todo.checkpointIds[todo.checkpointIds.length - 1])}
          >
            ◷ {todo.checkpointIds.length} checkpoint{todo.checkpointIds.length === 1 ? '' : 's'}
          </button>
        )}
        {tokens > 0 && (
          <span className="todo-foot-item" title={`${todo.tokensIn} in, ${todo.tokensOut} out`} data-testid="todo-tokens">
            {formatTokens(tokens)} tokens{cost ? ` · ${cost}` : ''}
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
