import { useState } from 'react';
import { QuestionActions } from '../activity/OutcomeCards';
import { COLUMNS, columnOf, type BoardTodo } from './boardReducer';
import { useBoardStore } from './boardStore';
import { PlanEditor } from './PlanEditor';
import { TodoCard } from './TodoCard';
import { RoundHistory } from './RoundHistory';
import { boardStrings } from './boardStrings';
import { useText } from '../../i18n';
import './board.css';

const ENDED = new Set(['completed', 'failed', 'stopped']);

/** A signature of the plan: a new plan (after a rejection) opens a fresh editor. */
const planKey = (todos: BoardTodo[]) => todos.map((todo) => `${todo.id}:${todo.description}:${todo.expectedResult}`).join('|');

/**
 * The TODO board of the current session: pending / in progress (and verifying) / done (and skipped) /
 * failed, always in one row (it scrolls sideways when narrow; an empty column is a narrow strip). While the plan
 * waits for approval it is an editor; later the TODOs not started yet can be edited.
 */
export function Board() {
  const t = useText(boardStrings);
  const board = useBoardStore((s) => s.board);
  const error = useBoardStore((s) => s.error);
  const [editing, setEditing] = useState(false);
  const { sessionId, todos } = board;
  if (!sessionId) return null;

  if (board.planAwaitingApproval && todos.length > 0) {
    return (
      <div className="board" data-testid="board">
        <PlanEditor key={planKey(todos)} sessionId={sessionId} todos={todos} mode="plan" />
      </div>
    );
  }
  if (editing && !ENDED.has(board.status)) {
    return (
      <div className="board" data-testid="board">
        <PlanEditor sessionId={sessionId} todos={todos} mode="edit" onDone={() => setEditing(false)} />
      </div>
    );
  }

  const byColumn = new Map(COLUMNS.map((c) => [c.id, [] as BoardTodo[]]));
  for (const todo of todos) byColumn.get(columnOf(todo.status))!.push(todo);
  const canEdit = !ENDED.has(board.status) && todos.some((todo) => todo.status === 'pending');
  const waitingOn = board.question?.todoId ?? null;

  return (
    <div className="board" data-testid="board">
      <div className="board-toolbar">
        <span className="board-title">{t.title}</span>
        {error && <span className="error-text board-error">{t.couldNotRefresh(error)}</span>}
        <span className="board-spacer" />
        {canEdit && (
          <button className="ag-button" onClick={() => setEditing(true)} data-testid="board-edit">
            {t.editPending}
          </button>
        )}
      </div>
      {board.question && (
        <div className="board-question" role="alert" data-testid="board-question">
          <div>{board.question.text}</div>
          <QuestionActions sessionId={sessionId} questionId={board.question.questionId} todoId={board.question.todoId} options={board.question.options} />
        </div>
      )}
      <RoundHistory board={board} />
      {!todos.length ? (
        <div className="empty">{board.status === 'planning' ? t.planning : t.noTodos}</div>
      ) : (
        <div className="board-columns">
          {COLUMNS.map((c) => {
            const cards = byColumn.get(c.id)!;
            const empty = cards.length === 0;
            return (
              <section
                key={c.id}
                className={`board-column column-${c.id}${empty ? ' column-empty' : ''}`}
                data-testid={`column-${c.id}`}
                data-empty={empty}
                aria-label={c.title}
                title={empty ? t.columnNone(c.title) : undefined}
              >
                <h3 className="board-column-title">
                  <span className="board-column-name">{c.title}</span> <span className="board-count">{cards.length}</span>
                </h3>
                <div className="board-cards">
                  {cards.map((todo) => (
                    <TodoCard key={todo.id} todo={todo} waiting={todo.id === waitingOn} />
                  ))}
                </div>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
