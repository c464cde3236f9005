import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { useClient } from '../../client/ClientContext';
import { useText } from '../../i18n';
import { timelineStrings } from './timelineStrings';
import { agentSessionQuery, groupTitle } from './agentTimeline';
import type { TimelineRow } from './timelineRows';

type TodoRow = Extract<TimelineRow, { type: 'todo' }>;

/** "TODO t2 Create b.txt  2": inside a session's group, the heading of a run of one TODO's checkpoints. */
export const AgentTodoRow = memo(function AgentTodoRow({ row }: { row: TodoRow }) {
  const t = useText(timelineStrings);
  const client = useClient();
  // The same query as the group's header: one request per session.
  const session = useQuery(agentSessionQuery(client, row.sessionId));
  const title = groupTitle(session.data, row.sessionId, row.todoId).todo;
  return (
    <div className="tl-todo" title={t.todoTitle(title, row.count)} data-testid="agent-group-todo" data-todo-id={row.todoId ?? ''}>
      <span className="tl-todo-title">{title}</span>
      <span className="tl-group-count">{row.count}</span>
    </div>
  );
});
