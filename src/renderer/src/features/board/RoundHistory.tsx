import type { BoardState } from './boardReducer';
import { STATUS_TEXT } from './TodoCard';
import { boardStrings } from './boardStrings';
import { sessionStatusStrings } from '../../../../shared/agent/statusStrings';
import { useText } from '../../i18n';

/**
 * Follow-ups (issue 25): the board's earlier rounds, oldest first, each folded to a line (its number, how it ended,
 * TODOs done, its task) that opens to its TODOs with their results, the files it changed and its summary; then the
 * current round's heading above the columns. Nothing in round 1.
 */
export function RoundHistory({ board }: { board: BoardState }) {
  const t = useText(boardStrings);
  const statusWords = useText(sessionStatusStrings);
  if (board.round <= 1) return null;
  return (
    <div className="board-rounds" data-testid="board-rounds">
      {board.earlierRounds.map((r) => {
        const done = r.todos.filter((todo) => todo.status === 'done' || todo.status === 'skipped').length;
        return (
          <details key={r.round} className="board-round" data-testid={`board-round-${r.round}`}>
            <summary>
              <span className="board-round-name">{t.roundName(r.round)}</span>
              <span className="board-round-meta">
                {statusWords[r.status]} · {t.roundDone(done, r.todos.length)}
              </span>
              <span className="board-round-task" title={r.task}>
                {r.task}
              </span>
            </summary>
            <ul className="board-round-todos">
              {r.todos.map((todo) => (
                <li key={todo.id} className={`board-round-todo status-${todo.status}`}>
                  <span className="board-round-status">{t[STATUS_TEXT[todo.status]]}</span> {todo.description}
                  {todo.result && <div className="board-round-result">{todo.result}</div>}
                </li>
              ))}
            </ul>
            {r.files.length > 0 && <div className="board-round-files">{t.roundFiles(r.files.join(', '))}</div>}
            {r.summary && <div className="board-round-summary">{r.summary}</div>}
          </details>
        );
      })}
      <div className="board-round-current" data-testid="board-round-current">
        <span className="board-round-name">{t.roundName(board.round)}</span>
        <span className="board-round-task" title={board.roundTask}>
          {board.roundTask}
        </span>
      </div>
    </div>
  );
}
