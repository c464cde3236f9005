import { useCallback } from 'react';
import { useBoardStore } from '../board/boardStore';
import type { ActivityItem } from './activityItems';
import { useActivityStore } from './activityStore';
import { ActivityCard } from './ActivityCard';
import { WindowedList } from './WindowedList';
import './activity.css';

const keyOf = (item: ActivityItem) => item.key;

/** The live stream of the current session, windowed: only the cards near the viewport are in the DOM. */
export function ActivityStream() {
  const activity = useActivityStore((s) => s.activity);
  const sessionId = activity.sessionId ?? '';
  const unseen = useBoardStore((s) => s.board.loaded && s.board.status !== 'planning');
  const render = useCallback((item: ActivityItem) => <ActivityCard item={item} sessionId={sessionId} />, [sessionId]);
  return (
    <WindowedList
      items={activity.items}
      keyOf={keyOf}
      render={render}
      estimate={72}
      className="activity-stream"
      testId="activity"
      header={
        activity.dropped > 0 ? (
          <div className="ac-dropped">{activity.dropped.toLocaleString()} earlier cards are not shown (the stream keeps the latest ones).</div>
        ) : null
      }
      empty={
        <div className="empty">
          {unseen ? (
            <>
              Loading what this session did from its log… Its full story is also in{' '}
              <code>.akira/sessions/{sessionId}/history.md</code>.
            </>
          ) : (
            'Nothing yet. What the agent does appears here as it happens.'
          )}
        </div>
      }
    />
  );
}
