import { progressOf } from '../board/boardReducer';
import { useBoardStore } from '../board/boardStore';
import { formatCost, formatTokens, PHASE_LABEL, STATUS_LABEL, statusTone } from './sessionFormat';
import { useSessionStore } from './sessionStore';

/** The current session in the status bar: status, phase, progress, tokens and cost. */
export function SessionStatusItem() {
  const current = useSessionStore((s) => s.currentSessionId);
  const board = useBoardStore((s) => s.board);
  if (!current || board.sessionId !== current) return null;
  const { done, total } = progressOf(board.todos);
  const cost = formatCost(board.totals.costUsd);
  return (
    <span className="statusbar-item agent-status" data-testid="status-agent" data-status={board.status} title={board.task}>
      <span className={`tone-text tone-${statusTone(board.status)}`}>✦ {STATUS_LABEL[board.status]}</span>
      <span> · {PHASE_LABEL[board.phase] ?? board.phase}</span>
      <span> · {done}/{total}</span>
      <span> · {formatTokens(board.totals.tokensIn + board.totals.tokensOut)} tokens</span>
      {cost && <span> · {cost}</span>}
    </span>
  );
}
