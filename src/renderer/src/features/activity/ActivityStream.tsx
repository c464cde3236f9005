import { useCallback, useMemo } from 'react';
import { useBoardStore } from '../board/boardStore';
import type { ActivityItem } from './activityItems';
import { useActivityStore } from './activityStore';
import { ActivityCard } from './ActivityCard';
import { WindowedList } from './WindowedList';
import './activity.css';

const keyOf = (item: ActivityItem) => item.key;

/**
 * The live stream of the current session, windowed: only the cards near the viewport are in the DOM. Cards a rewind
 * went back over are folded away under its card (shown greyed on demand).
 */
export function ActivityStream() {
  const activity = useActivityStore((s) => s.activity);
  const showRewound = useActivityStore((s) => s.showRewound);
  const sessionId = activity.sessionId ?? '';
  const unseen = useBoardStore((s) => s.board.loaded && s.board.status !== 'planning');
  const items = useMemo(() => (showRewound || !activity.rewinds.length ? activity.items : activity.items.filter((i) => !i.rewound)), [activity, showRewound]);
  const render = useCallback(
    (item: ActivityItem) =>
      item.rewound ? (
        <div className="ac-rewound" data-testid="rewound-card" title="A rewind went back over this: it is no longer part of the session">
          <ActivityCard item={item} sessionId={sessionId} />
        </div>
      ) : (
        <ActivityCard item={item} sessionId={sessionId} />
      ),
    [sessionId],
  );
  return (
    <WindowedList
      items={items}
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
