import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { useClient } from '../../client/ClientContext';
import { useText } from '../../i18n';
import { timelineStrings } from './timelineStrings';
import { sessionStatusStrings } from '../../../../shared/agent/statusStrings';
import { agentSessionQuery, groupTitle, useAgentGroups } from './agentTimeline';
import type { TimelineRow } from './timelineRows';

type GroupRow = Extract<TimelineRow, { type: 'group' }>;

/** "▾ Session: <task>  paused  5": the header of a run of an agent session's checkpoints (its TODOs are inside). */
export const AgentGroupRow = memo(function AgentGroupRow({ row }: { row: GroupRow }) {
  const t = useText(timelineStrings);
  const statusWord = useText(sessionStatusStrings);
  const client = useClient();
  const session = useQuery(agentSessionQuery(client, row.sessionId));
  const title = groupTitle(session.data, row.sessionId, null).session;
  const toggle = () => useAgentGroups.getState().toggle(row.groupId);
  return (
    <div
      className="tl-group"
      role="group"
      aria-label={title}
      tabIndex={-1}
      aria-expanded={!row.collapsed}
      title={t.groupTitle(title, row.count, row.collapsed)}
      data-testid="agent-group"
      data-session-id={row.sessionId}
      data-collapsed={row.collapsed}
      onClick={toggle}
    >
      <span className="tl-group-caret">{row.collapsed ? '▸' : '▾'}</span>
      <span className="tl-group-session">{title}</span>
      {session.data && <span className="tl-group-status">{statusWord[session.data.status]}</span>}
      <span className="tl-group-count">{row.count}</span>
    </div>
  );
});
